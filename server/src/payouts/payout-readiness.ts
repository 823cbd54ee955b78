import {
  describePayoutNeeds,
  type IdentityState,
  type PayoutProgress,
  type PayoutReadiness,
} from '@firstday/common/payouts';
import { eq } from 'drizzle-orm';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import type { Db } from '../lib/db.ts';
import { getPayoutHeldUntil } from '../payments/payout-hold.ts';
import { payouts } from '../payments/schema.ts';

type PayoutRow = typeof payouts.$inferSelect;
type ReadinessCalendar = Pick<
  CalendarRow,
  | 'status'
  | 'currency'
  | 'ibanEncrypted'
  | 'ibanChangedAt'
  | 'payoutRecipientRef'
  | 'payoutRecipientPayoutsEnabled'
  | 'payoutRecipientRequirements'
  | 'payoutRecipientPastDue'
  | 'payoutRecipientDisabledReason'
>;

/**
 * Where the identity check stands, from what the provider last reported (decision 008, amendment):
 * rejected is final; anything asked is the parent's to give; nothing asked but payouts still off
 * means the provider is checking what it was given.
 */
export function getIdentityState(calendar: ReadinessCalendar): IdentityState {
  if (!calendar.payoutRecipientRef) return 'not_started';
  if (calendar.payoutRecipientDisabledReason?.startsWith('rejected.')) return 'rejected';
  const asked = [...(calendar.payoutRecipientRequirements ?? []), ...(calendar.payoutRecipientPastDue ?? [])];
  if (asked.length > 0) return 'needed';
  return calendar.payoutRecipientPayoutsEnabled ? 'confirmed' : 'checking';
}

/** What the parents see on the checklist: built from the calendar and its payout, nothing else. */
export function buildPayoutReadiness(
  calendar: ReadinessCalendar,
  payout: PayoutRow | undefined,
  now: Date = new Date(),
): PayoutReadiness {
  const feePaid = calendar.status !== 'draft';
  const bankAccount = calendar.ibanEncrypted !== null;
  const identity = getIdentityState(calendar);
  const needs =
    identity === 'needed'
      ? describePayoutNeeds([
          ...(calendar.payoutRecipientRequirements ?? []),
          ...(calendar.payoutRecipientPastDue ?? []),
        ])
      : [];
  const ready = feePaid && bankAccount && identity === 'confirmed' && calendar.payoutRecipientPayoutsEnabled === true;
  return {
    feePaid,
    bankAccount,
    identity,
    ready,
    needs,
    blocker: getBlocker(feePaid, bankAccount, identity),
    payout: payout ? getPayoutProgress(calendar, payout, now) : null,
  };
}

function getBlocker(feePaid: boolean, bankAccount: boolean, identity: IdentityState): PayoutReadiness['blocker'] {
  if (!feePaid) return { reason: 'fee_unpaid', nextStep: 'pay_fee' };
  if (!bankAccount) return { reason: 'bank_account_missing', nextStep: 'add_bank_account' };
  switch (identity) {
    case 'confirmed':
      return null;
    // No recipient yet (it is made in the background after the fee): the onboarding makes it.
    case 'not_started':
    case 'needed':
      return { reason: 'identity_needed', nextStep: 'confirm_identity' };
    case 'checking':
      return { reason: 'identity_checking', nextStep: null };
    case 'rejected':
      return { reason: 'identity_rejected', nextStep: 'contact_support' };
  }
}

/**
 * The payout as the parents follow it: paid on a day, failed with the reason, paused (the
 * provider waits for the identity check, or a new bank account's hold), otherwise on its way.
 */
function getPayoutProgress(calendar: ReadinessCalendar, payout: PayoutRow, now: Date): PayoutProgress {
  // All of a calendar's money is in its currency.
  const amount = { amount: payout.amount, currency: calendar.currency };
  if (payout.status === 'paid') return { status: 'paid', ...amount, paidOn: payout.updatedAt.toISOString() };
  if (payout.status === 'failed') {
    return { status: 'failed', ...amount, failureReason: payout.failureReason ?? 'payout_failed' };
  }
  if (!payout.providerRef) {
    const heldUntil = getPayoutHeldUntil(calendar, now);
    if (heldUntil) return { status: 'paused', ...amount, because: 'bank_account_hold', until: heldUntil.toISOString() };
    if (calendar.payoutRecipientPayoutsEnabled === false) return { status: 'paused', ...amount, because: 'identity' };
  }
  return { status: 'on_its_way', ...amount };
}

export async function loadPayoutReadiness(db: Db, calendar: CalendarRow & { id: string }): Promise<PayoutReadiness> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.calendarId, calendar.id));
  return buildPayoutReadiness(calendar, payout);
}
