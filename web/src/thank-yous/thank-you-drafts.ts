import type { CalendarClosing } from '@firstday/common/announcements';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import { THANK_YOU_NAME_PLACEHOLDER } from '@firstday/common/schema-constants';
import type { ThankYouParticipant } from '@firstday/common/thank-yous';
import type { Translate } from '../i18n/use-t.tsx';

/** The owner's thank-you page of a calendar. */
export function getThankYousPath(calendarId: string): string {
  return `/my_calendars/${encodeURIComponent(calendarId)}/thank_yous`;
}

/** A personal note to start from: the giver's name, their gift when there is one, their wish. */
export function createPersonalDraft(
  participant: Pick<ThankYouParticipant, 'name' | 'giftAmount' | 'currency'>,
  t: Translate,
  locale: Locale,
): string {
  return participant.giftAmount
    ? t('thank-yous.draft.personalWithGift', {
        name: participant.name,
        gift: formatMoney(participant.giftAmount, { locale, currency: participant.currency }),
      })
    : t('thank-yous.draft.personal', { name: participant.name });
}

/** The note to everyone not yet thanked: `{name}` stays in it and becomes each person's name. */
export function createEveryoneDraft(t: Translate): string {
  return t('thank-yous.draft.everyone', { name: THANK_YOU_NAME_PLACEHOLDER });
}

/** '12 of 20 thanked'. */
export function describeProgress(progress: { thanked: number; total: number }, t: Translate): string {
  return t('thank-yous.progress', { thanked: progress.thanked, total: progress.total });
}

/** A row's status, in words. */
export function describeStatus(
  participant: Pick<ThankYouParticipant, 'thankedAt'>,
  t: Translate,
  locale: Locale,
): string {
  return participant.thankedAt
    ? t('thank-yous.status.thankedOn', { date: formatLongDate(participant.thankedAt.slice(0, 10), locale) })
    : t('thank-yous.status.notYet');
}

/**
 * Whether the end of a calendar opens thank-you notes: an announcement, or a close that pays the
 * gifts out (the server has the last word: 409).
 */
export function opensThankYous(closing: CalendarClosing | null | undefined): boolean {
  return closing?.gifts === 'pay_out';
}
