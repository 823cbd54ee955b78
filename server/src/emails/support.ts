import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { quoteInSubject } from './formatting.ts';
import { type Email, renderEmail } from './layout.ts';

/** To the support team, always in English; replying answers the user (Reply-To). */
export function createSupportRequestEmail(input: {
  appUrl: string;
  from: { name: string; email: string };
  about: string;
  message: string;
}): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    locale: 'en',
    subject: `Support request from ${quoteInSubject(input.from.name, 'en')}`,
    heading: 'Support request',
    paragraphs: [`From: ${input.from.name} <${input.from.email}>`, input.about, input.message],
  });
}

/** The user's copy, in their language. */
export function createSupportReceivedEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  message: string;
}): Promise<Email> {
  const t = serverTranslator(input.locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale: input.locale,
    subject: t('emails.supportReceived.subject'),
    heading: t('emails.supportReceived.heading'),
    paragraphs: [t('emails.common.greeting', { name: input.name }), t('emails.supportReceived.body'), input.message],
  });
}
