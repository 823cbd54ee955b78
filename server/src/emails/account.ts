import type { Locale } from '@firstday/common/locales';
import { PAYOUT_HOLD_HOURS } from '@firstday/common/schema-constants';
import { SITE } from '@firstday/common/site';
import { serverTranslator } from '../lib/i18n.ts';
import { formatEmailDate, formatEmailDateTime } from './formatting.ts';
import { type Email, renderEmail } from './layout.ts';

/** Always sent (transactional) when the payout bank account of an account or a calendar changes. */
export function createPayoutIbanChangedEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  /** Undefined: the account's IBAN; otherwise the calendar whose IBAN changed. */
  calendarTitle?: string;
  previousMasked: string | null;
  newMasked: string;
  changedAt: Date;
  /** A paid calendar's payout waits until then (payments/payout-hold.ts). */
  heldUntil?: Date;
}): Promise<Email> {
  const { locale } = input;
  const t = serverTranslator(locale);
  const values = {
    previous: input.previousMasked ?? '',
    next: input.newMasked,
    when: formatEmailDateTime(input.changedAt, locale),
  };
  const what =
    input.calendarTitle === undefined
      ? t(
          input.previousMasked ? 'emails.payoutIbanChanged.accountFromTo' : 'emails.payoutIbanChanged.accountTo',
          values,
        )
      : t(input.previousMasked ? 'emails.payoutIbanChanged.calendarFromTo' : 'emails.payoutIbanChanged.calendarTo', {
          ...values,
          title: input.calendarTitle,
        });
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    subject: t('emails.payoutIbanChanged.subject'),
    heading: t('emails.payoutIbanChanged.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      what,
      ...(input.heldUntil
        ? [
            t('emails.payoutIbanChanged.held', {
              until: formatEmailDateTime(input.heldUntil, locale),
              hours: PAYOUT_HOLD_HOURS,
            }),
          ]
        : []),
      t('emails.payoutIbanChanged.notYou', { email: SITE.supportEmail }),
      t('emails.payoutIbanChanged.wasYou'),
    ],
    action: { label: t('emails.payoutIbanChanged.action'), url: `${input.appUrl}/passwordrecovery` },
    footer: [t('emails.payoutIbanChanged.footer')],
  });
}

/** Once, `daysLeft` days before an account unused for years is deleted (privacy/inactive-accounts.ts). */
export function createInactivityWarningEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  email: string;
  inactiveYears: number;
  deletionDate: Date;
  daysLeft: number;
}): Promise<Email> {
  const { locale } = input;
  const t = serverTranslator(locale);
  const date = formatEmailDate(input.deletionDate, locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    subject: t('emails.inactivityWarning.subject', { date }),
    heading: t('emails.inactivityWarning.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      t('emails.inactivityWarning.unused', { email: input.email, years: input.inactiveYears, date }),
      t('emails.inactivityWarning.keep'),
      t('emails.inactivityWarning.records'),
    ],
    action: { label: t('emails.inactivityWarning.action'), url: `${input.appUrl}/login` },
    footer: [t('emails.inactivityWarning.footer', { days: input.daysLeft })],
  });
}
