import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { refundPayment } from './payment-transitions.ts';
import { submitPayout } from './payouts.ts';
import { payments, payouts } from './schema.ts';

type SettlementContext = Parameters<typeof submitPayout>[0] & Pick<AppContext, 'jobs' | 'paymentHandlers' | 'metrics'>;

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
