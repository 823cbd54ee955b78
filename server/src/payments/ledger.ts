import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../lib/db.ts';
import { ledgerEntries } from './schema.ts';

/** Cash the provider holds for us (gifts and fees collected, not yet paid out or refunded). */
export const CUSTOMER_FUNDS = 'customer_funds';
export const PLATFORM_REVENUE = 'platform_revenue';
/** Payouts sent to the provider and not yet confirmed by the bank. */
export const PAYOUTS_IN_TRANSIT = 'payouts';

/** What the platform owes one calendar's parents. */
export function getCalendarAccount(calendarId: string | null): string {
  return `calendar:${calendarId ?? 'deleted'}`;
}

export type LedgerLine = { account: string; amount: number };

/**
 * Writes one balanced transaction (debit positive, credit negative). `transactionId` names the
 * source event (e.g. `payment:<id>:succeeded`), so a replayed event writes nothing new.
 */
export async function recordLedgerTransaction(
  db: Db,
  transactionId: string,
  lines: LedgerLine[],
  options: { calendarId: string | null; currency: string },
): Promise<void> {
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  if (sum !== 0 || lines.some((line) => !Number.isInteger(line.amount))) {
    throw new Error(`unbalanced ledger transaction ${transactionId}`);
  }
  await db
    .insert(ledgerEntries)
    .values(
      lines.map((line) => ({
        id: randomUUID(),
        transactionId,
        account: line.account,
        amount: line.amount,
        currency: options.currency,
        calendarId: options.calendarId,
      })),
    )
    .onConflictDoNothing({ target: [ledgerEntries.transactionId, ledgerEntries.account] });
}

type MovedPayment = {
  id: string;
  calendarId: string | null;
  purpose: 'fee' | 'gift';
  amount: number;
  currency: string;
};

/** A fee is platform revenue; a gift is owed to its calendar. */
function getPaymentCounterAccount(payment: MovedPayment): string {
  return payment.purpose === 'fee' ? PLATFORM_REVENUE : getCalendarAccount(payment.calendarId);
}

export function recordPaymentSucceeded(db: Db, payment: MovedPayment): Promise<void> {
  return recordLedgerTransaction(
    db,
    `payment:${payment.id}:succeeded`,
    [
      { account: CUSTOMER_FUNDS, amount: payment.amount },
      { account: getPaymentCounterAccount(payment), amount: -payment.amount },
    ],
    payment,
  );
}

export function recordPaymentRefunded(db: Db, payment: MovedPayment): Promise<void> {
  return recordLedgerTransaction(
    db,
    `payment:${payment.id}:refunded`,
    [
      { account: getPaymentCounterAccount(payment), amount: payment.amount },
      { account: CUSTOMER_FUNDS, amount: -payment.amount },
    ],
    payment,
  );
}

type MovedPayout = { id: string; calendarId: string | null; amount: number; currency: string };

/** The calendar's balance moves into transit when the payout is started… */
export function recordPayoutStarted(db: Db, payout: MovedPayout): Promise<void> {
  return recordLedgerTransaction(
    db,
    `payout:${payout.id}:started`,
    [
      { account: getCalendarAccount(payout.calendarId), amount: payout.amount },
      { account: PAYOUTS_IN_TRANSIT, amount: -payout.amount },
    ],
    payout,
  );
}

/** …leaves our funds when the bank confirms it… */
export function recordPayoutPaid(db: Db, payout: MovedPayout): Promise<void> {
  return recordLedgerTransaction(
    db,
    `payout:${payout.id}:paid`,
    [
      { account: PAYOUTS_IN_TRANSIT, amount: payout.amount },
      { account: CUSTOMER_FUNDS, amount: -payout.amount },
    ],
    payout,
  );
}

/** …or goes back to the calendar when it fails. */
export function recordPayoutFailed(db: Db, payout: MovedPayout): Promise<void> {
  return recordLedgerTransaction(
    db,
    `payout:${payout.id}:failed`,
    [
      { account: PAYOUTS_IN_TRANSIT, amount: payout.amount },
      { account: getCalendarAccount(payout.calendarId), amount: -payout.amount },
    ],
    payout,
  );
}

/**
 * `recordPaymentSucceeded` / `recordPaymentRefunded` as part of a caller's statement: the same two
 * lines for each row of `moved` (a CTE of payments as updated, with id, purpose, calendar_id,
 * amount, currency and status) that is now 'succeeded' or 'refunded'. Placeholders `ledgerId0`,
 * `ledgerId1`: the lines' ids, made by the caller.
 */
export function recordMovedPaymentsSql(moved: string): SQL {
  const row = sql.raw(moved);
  const succeeded = sql`${row}.status = 'succeeded'`;
  return sql`insert into ledger_entries (id, transaction_id, account, amount, currency, calendar_id)
    select line.id, 'payment:' || ${row}.id || ':' || ${row}.status, line.account, line.sign * ${row}.amount,
      ${row}.currency, ${row}.calendar_id
    from ${row}, lateral (values
      (${sql.placeholder('ledgerId0')}::uuid, ${CUSTOMER_FUNDS}::text, case when ${succeeded} then 1 else -1 end),
      (${sql.placeholder('ledgerId1')}::uuid,
        case when ${row}.purpose = 'fee' then ${PLATFORM_REVENUE}::text
          else 'calendar:' || coalesce(${row}.calendar_id::text, 'deleted') end,
        case when ${succeeded} then -1 else 1 end)
    ) as line (id, account, sign)
    where ${row}.status in ('succeeded', 'refunded')
    on conflict (transaction_id, account) do nothing`;
}
