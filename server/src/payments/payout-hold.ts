import { formatDateTime } from '@firstday/common/format';
import { PAYOUT_HOLD_HOURS } from '@firstday/common/schema-constants';

export const PAYOUT_HOLD_MS = PAYOUT_HOLD_HOURS * 3600_000;

/**
 * Until when a calendar's payout waits because its IBAN was replaced (account/change-payout-iban.ts),
 * or undefined when it may go out now.
 */
export function getPayoutHeldUntil(calendar: { ibanChangedAt: Date | null }, now: Date = new Date()): Date | undefined {
  if (!calendar.ibanChangedAt) return undefined;
  const until = new Date(calendar.ibanChangedAt.getTime() + PAYOUT_HOLD_MS);
  return until > now ? until : undefined;
}

/** Payouts of calendars whose IBAN changed after this moment are still held. */
export function getPayoutHoldCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - PAYOUT_HOLD_MS);
}

/** For e-mails, whose reader's time zone we do not know: 'November 24, 2026 at 12:02 PM UTC'. */
export function formatUtcDateTime(date: Date): string {
  return `${formatDateTime(date, { timeZone: 'UTC' })} UTC`;
}
