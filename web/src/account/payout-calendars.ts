import type { OwnerCalendar } from '@firstday/common/calendars';

export type PayoutCalendar = Pick<OwnerCalendar, 'id' | 'title' | 'status'> & { iban: string };

/**
 * The calendars whose gifts are still to be paid out, each to its own IBAN: those not ended yet
 * (drafts included: they are paid out there once active) and ended ones whose payout is under way.
 */
export function getPayoutCalendars(calendars: readonly OwnerCalendar[]): PayoutCalendar[] {
  return calendars.flatMap(({ id, title, status, bankAccount, closing }) => {
    if (!bankAccount) return [];
    const open = status === 'draft' || status === 'active';
    const paying = closing?.payout?.status === 'pending';
    return open || paying ? [{ id, title, status, iban: bankAccount }] : [];
  });
}
