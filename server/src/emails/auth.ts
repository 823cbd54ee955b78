import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { type Email, renderEmail } from './layout.ts';

/** Sign-up with an address that has an account: the owner learns of the attempt. */
export function createExistingSignUpEmail(input: { appUrl: string; locale: Locale; name: string }): Promise<Email> {
  const t = serverTranslator(input.locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale: input.locale,
    subject: t('emails.existingSignUp.subject'),
    heading: t('emails.existingSignUp.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      t('emails.existingSignUp.attempt'),
      t('emails.existingSignUp.logIn'),
    ],
    action: { label: t('emails.existingSignUp.action'), url: `${input.appUrl}/login` },
    footer: [t('emails.existingSignUp.footer', { url: `${input.appUrl}/resetpassword` })],
  });
}

export function createPasswordResetEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  resetUrl: string;
}): Promise<Email> {
  const t = serverTranslator(input.locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale: input.locale,
    subject: t('emails.passwordReset.subject'),
    heading: t('emails.passwordReset.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      t('emails.passwordReset.asked'),
      t('emails.passwordReset.ignore'),
    ],
    action: { label: t('emails.passwordReset.action'), url: input.resetUrl },
  });
}

export function createVerificationEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  verifyUrl: string;
}): Promise<Email> {
  const t = serverTranslator(input.locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale: input.locale,
    subject: t('emails.verification.subject'),
    heading: t('emails.verification.heading'),
    paragraphs: [t('emails.common.greeting', { name: input.name }), t('emails.verification.welcome')],
    action: { label: t('emails.verification.action'), url: input.verifyUrl },
  });
}
