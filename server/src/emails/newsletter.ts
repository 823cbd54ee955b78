import { type Email, renderEmail } from './layout.ts';

export function createNewsletterConfirmationEmail(input: {
  appUrl: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'Please confirm your Firstday subscription',
    heading: 'Confirm your subscription',
    paragraphs: [
      'Thank you for joining the Firstday journey! We will write to you when Firstday launches.',
      'Please confirm that this address belongs to you, so we know the news reaches the right person.',
    ],
    action: { label: 'Confirm my subscription', url: input.confirmUrl },
    footer: ['You get this e-mail because this address was entered on firstday.app/join_us.'],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
