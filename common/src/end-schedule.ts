/**
 * The schedule of a calendar whose birth is never announced (docs/decisions/026-holding-limit-schedule.md):
 * its parents are reminded twice, then it is ended for them in the way they chose in advance, and
 * always before the oldest gift has been held longer than the payment provider allows. Shared, so
 * the owner's page and the server's job (server/src/announcements/holding-limit.ts) name one date.
 */

import { readMaskedBankAccount } from './bank-account.ts';

const DAY_MS = 86_400_000;
/** Seven weeks after the due date: the guess window (two weeks after it) and five more weeks to announce. */
export const END_DAYS_AFTER_DUE_DATE = 49;
/** The reminders, this many days before the end: four weeks and one week. */
export const REMINDER_DAYS_BEFORE_END = [28, 7] as const;
/** Stripe's limit for holding funds before a payout, by the bank's country: two years in the US, else 90 days. */
export const HOLDING_LIMIT_DAYS = { us: 730, other: 90 } as const;
/** Ended this long before the holding limit, so a slow settlement still pays out in time. */
export const HOLDING_MARGIN_DAYS = 7;

export type EndSchedule = {
  endsAt: Date;
  reason: 'due_date' | 'holding_limit';
  /** When each reminder is due, first one first. */
  remindAt: readonly Date[];
  holdingLimitDays: number;
};

/** The masked bank account says where the bank is ('US ••••6789 (routing …)', 'US12 …' is an IBAN). */
export function getHoldingLimitDays(bankAccountMasked: string | null): number {
  return bankAccountMasked && readMaskedBankAccount(bankAccountMasked).kind === 'us'
    ? HOLDING_LIMIT_DAYS.us
    : HOLDING_LIMIT_DAYS.other;
}

/** When an active calendar is ended for its parents, and when they are reminded of it. */
export function getEndSchedule(
  calendar: { dueDate: string; bankAccountMasked: string | null },
  oldestGiftAt: Date | null,
): EndSchedule {
  const holdingLimitDays = getHoldingLimitDays(calendar.bankAccountMasked);
  const dueEnd = new Date(Date.parse(`${calendar.dueDate}T00:00:00Z`) + END_DAYS_AFTER_DUE_DATE * DAY_MS);
  const holdingEnd = oldestGiftAt
    ? new Date(oldestGiftAt.getTime() + (holdingLimitDays - HOLDING_MARGIN_DAYS) * DAY_MS)
    : undefined;
  const byHolding = holdingEnd !== undefined && holdingEnd < dueEnd;
  const endsAt = byHolding ? holdingEnd : dueEnd;
  return {
    endsAt,
    reason: byHolding ? 'holding_limit' : 'due_date',
    remindAt: REMINDER_DAYS_BEFORE_END.map((days) => new Date(endsAt.getTime() - days * DAY_MS)),
    holdingLimitDays,
  };
}
