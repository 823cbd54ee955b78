import type { CalendarClosing } from '@firstday/common/announcements';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { THANK_YOU_NAME_PLACEHOLDER, type ThankYouParticipant } from '@firstday/common/thank-yous';

/** The owner's thank-you page of a calendar. */
export function getThankYousPath(calendarId: string): string {
  return `/my_calendars/${encodeURIComponent(calendarId)}/thank_yous`;
}

/** A personal note to start from: the giver's name, their gift when there is one, their wish. */
export function createPersonalDraft(participant: Pick<ThankYouParticipant, 'name' | 'giftCents'>): string {
  const gift = participant.giftCents ? `your ${formatMoney(participant.giftCents)} gift and ` : '';
  return `Dear ${participant.name},\n\nthank you so much for ${gift}your lovely wish. It means the world to us.`;
}

/** The note to everyone not yet thanked: `{name}` becomes each person's name. */
export const EVERYONE_DRAFT = `Dear ${THANK_YOU_NAME_PLACEHOLDER},\n\nthank you so much for your lovely wish and for guessing the day with us. It means the world to us.`;

/** '12 of 20 thanked'. */
export function describeProgress(progress: { thanked: number; total: number }): string {
  return `${progress.thanked} of ${progress.total} thanked`;
}

/** A row's status, in words. */
export function describeStatus(participant: Pick<ThankYouParticipant, 'thankedAt'>): string {
  return participant.thankedAt ? `Thanked on ${formatLongDate(participant.thankedAt.slice(0, 10))}` : 'Not yet';
}

/**
 * Whether the end of a calendar opens thank-you notes: an announcement, or a close that pays the
 * gifts out (the server has the last word: 409).
 */
export function opensThankYous(closing: CalendarClosing | null | undefined): boolean {
  return closing?.gifts === 'pay_out';
}
