import type { BackgroundId } from '@firstday/common/calendars';
import type { Locale } from '@firstday/common/locales';
import type { PayoutNeed } from '@firstday/common/payouts';
import { type ServerMessageId, serverTranslator } from '../lib/i18n.ts';
import { formatEmailDate, quoteInSubject } from './formatting.ts';
import { type Email, renderEmail } from './layout.ts';

const NEED_TEXTS: Record<PayoutNeed, ServerMessageId> = {
  date_of_birth: 'payouts.need.dateOfBirth',
  address: 'payouts.need.address',
  id_number: 'payouts.need.idNumber',
  id_document: 'payouts.need.idDocument',
  terms: 'payouts.need.terms',
  bank_account: 'payouts.need.bankAccount',
  other: 'payouts.need.other',
};

/**
 * To the parents when the payment provider needs something from them before it pays out their gifts
 * (`reminder`: the due date is near and it is still open), or when it will not pay them out at all.
 * One button: the calendar's page, whose checklist leads to the identity check.
 */
export function createPayoutActionEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: { id: string; title: string; background: BackgroundId };
  /** What the provider asks for; empty when it rejected the parent. */
  needs: PayoutNeed[];
  rejected: boolean;
  /** The reminder before the due date (in ISO `YYYY-MM-DD`). */
  reminderFor?: string;
}): Promise<Email> {
  const { locale, calendar } = input;
  const t = serverTranslator(locale);
  const title = quoteInSubject(calendar.title, locale);
  const needs = input.needs.map((need) => t(NEED_TEXTS[need]));
  const paragraphs = [t('emails.common.greeting', { name: input.name })];
  if (input.rejected) {
    paragraphs.push(t('payouts.email.rejected', { title: calendar.title }), t('payouts.email.rejectedSupport'));
  } else {
    if (input.reminderFor) {
      paragraphs.push(
        t('payouts.email.reminder', {
          title: calendar.title,
          date: formatEmailDate(new Date(`${input.reminderFor}T12:00:00Z`), locale),
        }),
      );
    } else {
      paragraphs.push(t('payouts.email.needed', { title: calendar.title }));
    }
    paragraphs.push(t('payouts.email.needs', { needs: needs.join(', ') }), t('payouts.email.why'));
  }
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: calendar.background,
    subject: input.rejected
      ? t('payouts.email.subjectRejected', { title })
      : input.reminderFor
        ? t('payouts.email.subjectReminder', { title })
        : t('payouts.email.subject', { title }),
    heading: input.rejected ? t('payouts.email.headingRejected') : t('payouts.email.heading'),
    paragraphs,
    action: {
      label: input.rejected ? t('emails.common.openCalendars') : t('payouts.email.action'),
      url: `${input.appUrl}/my_calendars/${calendar.id}`,
    },
    footer: [t('emails.common.creatorFooter')],
  });
}
