import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Logger } from '../lib/logger.ts';
import { refundPayment } from './payment-transitions.ts';
import { submitPayout } from './payouts.ts';
import { payments, payouts } from './schema.ts';

type SettlementContext = Parameters<typeof submitPayout>[0] & Pick<AppContext, 'settlements'>;

const REFUND_BATCH_SIZE = 50;

/**
 * The provider side of a calendar's end: submits its payout if not yet submitted and refunds each
 * gift marked refund-due. Everything it acts on is marked in the database by the end's transaction,
 * so it can run (and be interrupted) at any time; a crash leaves the marks for reconciliation.
 */
export async function settleCalendar(context: SettlementContext, calendarId: string): Promise<void> {
  const [payout] = await context.db.select().from(payouts).where(eq(payouts.calendarId, calendarId));
  if (payout?.status === 'pending' && !payout.providerRef) await submitPayout(context, payout.id);
  for (;;) {
    const { refunded, failed } = await refundDueGifts(context, { calendarId });
    // Done when nothing is left; a refusal leaves the rest for reconciliation's next pass.
    if (refunded === 0 || failed > 0) return;
  }
}

/**
 * Refunds up to one batch of due gifts (of one calendar, or any), oldest attempt first. A refund
 * the provider refuses stays due and moves to the back of the line, so it cannot starve others.
 */
export async function refundDueGifts(
  context: SettlementContext,
  options: { calendarId?: string } = {},
): Promise<{ refunded: number; failed: number }> {
  const due = await context.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNotNull(payments.refundDueAt),
        eq(payments.status, 'succeeded'),
        eq(payments.provider, context.payments.name),
        options.calendarId ? eq(payments.calendarId, options.calendarId) : undefined,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(REFUND_BATCH_SIZE);
  let failed = 0;
  for (const { id } of due) {
    try {
      await refundPayment(context, id);
    } catch {
      failed++;
      await context.db.update(payments).set({ updatedAt: new Date() }).where(eq(payments.id, id));
    }
  }
  return { refunded: due.length - failed, failed };
}

export type SettlementQueue = {
  /** Settles the calendar in the background (once, however often it is asked while waiting). */
  schedule(calendarId: string): void;
  /** Resolves when everything scheduled so far is done (shutdown, tests). */
  idle(): Promise<void>;
};

/**
 * One calendar at a time, in this process: a close with hundreds of refunds answers at once, and
 * the provider sees a steady trickle instead of a burst.
 */
export function createSettlementQueue(
  settle: (calendarId: string) => Promise<void>,
  logger: Pick<Logger, 'warn'>,
): SettlementQueue {
  const waiting = new Set<string>();
  let chain = Promise.resolve();
  return {
    schedule(calendarId) {
      if (waiting.has(calendarId)) return;
      waiting.add(calendarId);
      chain = chain.then(async () => {
        waiting.delete(calendarId);
        try {
          await settle(calendarId);
        } catch (error) {
          logger.warn({ calendarId, err: (error as Error).message }, 'settlement failed: reconciliation retries it');
        }
      });
    },
    idle: () => chain,
  };
}
