import { type Email, renderEmail } from './layout.ts';

/** To the support team; replying answers the user (Reply-To). */
export function createSupportRequestEmail(input: {
  appUrl: string;
  from: { name: string; email: string };
  about: string;
  message: string;
}): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    subject: `Support request from ${input.from.name}`,
    heading: 'Support request',
    paragraphs: [`From: ${input.from.name} <${input.from.email}>`, input.about, input.message],
  });
}

export function createSupportReceivedEmail(input: { appUrl: string; name: string; message: string }): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'We received your message',
    heading: 'Thank you for writing to us',
    paragraphs: [
      `Hello ${input.name},`,
      'Our support team has your message and usually answers within one working day. Here is what you wrote:',
      input.message,
    ],
  });
}
