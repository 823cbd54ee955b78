import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { type Email, renderEmail } from './layout.ts';

export function createNewsletterConfirmationEmail(input: {
  appUrl: string;
  locale: Locale;
  confirmUrl: string;
  unsubscribeUrl: string;
}): Promise<Email> {
  const t = serverTranslator(input.locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale: input.locale,
    subject: t('emails.newsletter.subject'),
    heading: t('emails.newsletter.heading'),
    paragraphs: [t('emails.newsletter.thanks'), t('emails.newsletter.confirm')],
    action: { label: t('emails.newsletter.action'), url: input.confirmUrl },
    footer: [t('emails.newsletter.footer')],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
