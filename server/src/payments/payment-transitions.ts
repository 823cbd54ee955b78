import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../lib/db.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { recordPaymentRefunded, recordPaymentSucceeded } from './ledger.ts';
import { isNewDecline, recordDecline } from './payment-guard.ts';
import type { ProviderPaymentState } from './payment-provider.ts';
import { payments } from './schema.ts';
import { SETTLE_CALENDAR_JOB } from './settlement-job.ts';
import { recordWebhookEvent, type WebhookEvent } from './webhook-events.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A calendar's live fee: paid, or on its way to being paid. One at most (payments_one_live_fee_idx). */
export function isLiveFeeOf(calendarId: string) {
  return and(
    eq(payments.calendarId, calendarId),
    eq(payments.purpose, 'fee'),
    inArray(payments.status, ['pending', 'processing', 'succeeded']),
  );
}
type PaymentStatus = PaymentRow['status'];

/** A payment that just moved to succeeded, failed or refunded, as its purpose's handler sees it. */
export type PaymentChange = {
  /** The payment's transaction: what the feature writes here commits (or not) with the new status. */
  tx: Db;
  /** The payment as updated. */
  payment: PaymentRow;
  previousStatus: PaymentStatus;
  /** The wallet the provider reports ('apple_pay', …), for receipts; never stored. */
  wallet?: string;
};

/** What a handler asks for once its writes are done. */
export type PaymentReaction = {
  /** Runs after the commit, never after a rollback: wake a worker, drop a cached page. */
  afterCommit?: () => void | Promise<void>;
};

export type PaymentSucceededReaction = PaymentReaction & {
  /**
   * The money cannot be kept (e.g. a gift charged after its calendar ended): the payment is marked
   * refund-due in the same transaction and settlement refunds it.
   */
  refund?: boolean;
};

/**
 * What a feature does when a payment of its purpose succeeds, fails or is refunded; each runs
 * inside the payment's transaction, once per transition (a webhook replay runs none).
 */
export type PaymentPurposeHandler = {
  onSucceeded?(change: PaymentChange): Promise<PaymentSucceededReaction | undefined>;
  /**
   * The card's bank refused it (counted once per payment by payment-guard.ts). `burst`: this decline
   * made the calendar's recent declines a burst (decision 022), which its parents should hear of.
   */
  onDeclined?(change: PaymentChange & { burst: boolean }): Promise<PaymentReaction | undefined>;
  onFailed?(change: PaymentChange): Promise<PaymentReaction | undefined>;
  onRefunded?(change: PaymentChange): Promise<PaymentReaction | undefined>;
};

/** One handler per purpose, registered in one place (server/src/payment-handlers.ts). */
export type PaymentPurposeHandlers = Record<PaymentRow['purpose'], PaymentPurposeHandler>;

type TransitionContext = Pick<
  AppContext,
  'db' | 'env' | 'logger' | 'metrics' | 'payments' | 'jobs' | 'paymentHandlers'
>;

/**
 * Our status only moves forward: pending → processing → succeeded | failed, succeeded → refunded.
 * One exception: failed → succeeded, because when the provider says money was taken we record it
 * rather than lose it (a charge that landed after we gave up on it).
 */
export function getNextStatus(current: PaymentStatus, reported: ProviderPaymentState['status']): PaymentStatus {
  const rank: Record<PaymentStatus, number> = { pending: 0, processing: 1, succeeded: 2, failed: 2, refunded: 3 };
  if (current === 'refunded') return current;
  if (current === 'failed') return reported === 'succeeded' ? 'succeeded' : current;
  if (reported === 'refunded' && current !== 'succeeded') return current === 'pending' ? 'processing' : current;
  return rank[reported] > rank[current] ? reported : current;
}

/**
 * The one place a payment changes state, shared by the pay call, webhooks and reconciliation. In
 * one transaction: records the webhook event (a replay is a no-op), moves the payment forward,
 * writes its ledger entry and hands the transition to its purpose's handler (a fee activates its
 * calendar, a gift confirms its contribution: payment-handlers.ts). What the handler asks to run
 * after the commit runs once the transaction has committed.
 */
export async function applyProviderState(
  context: TransitionContext,
  paymentId: string,
  state: ProviderPaymentState,
  options: { webhookEvent?: WebhookEvent } = {},
): Promise<{ payment: PaymentRow | undefined; changed: boolean }> {
  let afterCommit: PaymentReaction['afterCommit'];
  let afterDecline: PaymentReaction['afterCommit'];
  let declined: PaymentRow | undefined;
  let jobQueued = false;
  const result = await context.db.transaction(async (tx) => {
    if (options.webhookEvent && !(await recordWebhookEvent(tx, options.webhookEvent))) {
      return { payment: undefined, changed: false };
    }
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return { payment: undefined, changed: false };
    if (!matchesPayment(payment, state)) {
      context.logger.error(
        { paymentId, reference: state.reference, amount: state.amount, currency: state.currency },
        'provider payment does not match our payment row: not applied',
      );
      return { payment, changed: false };
    }

    let status = getNextStatus(payment.status, state.status);
    let failureCode = state.failureCode;
    if (payment.status === 'failed' && status === 'succeeded' && (await hasOtherLiveFee(tx, payment))) {
      // Two fees taken for one calendar (a charge that landed after a retry succeeded): the unique
      // index keeps one live fee, so this one stays failed and is flagged for a refund.
      context.logger.error({ paymentId, reference: state.reference }, 'second fee charge for a calendar: refund it');
      status = 'failed';
      failureCode = 'duplicate_charge';
    }
    const changes = {
      providerRef: payment.providerRef ?? state.reference,
      status,
      cardLast4: payment.cardLast4 ?? state.cardLast4 ?? null,
      failureCode: status === 'succeeded' || status === 'refunded' ? null : (failureCode ?? payment.failureCode),
    };
    const unchanged = (Object.keys(changes) as (keyof typeof changes)[]).every((key) => changes[key] === payment[key]);
    if (unchanged) return { payment, changed: false };

    let [updated] = await tx
      .update(payments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(payments.id, paymentId))
      .returning();
    const handler = context.paymentHandlers[payment.purpose];
    const change: PaymentChange = { tx, payment: updated!, previousStatus: payment.status, wallet: state.wallet };
    if (isNewDecline(payment, updated!)) {
      const { recorded, burst } = await recordDecline(tx, context.env.APP_SECRET, updated!, state.cardFingerprint);
      if (recorded) {
        declined = updated;
        afterDecline = (await handler.onDeclined?.({ ...change, burst }))?.afterCommit;
      }
    }
    if (status === payment.status) return { payment: updated, changed: true };
    if (status === 'succeeded') await recordPaymentSucceeded(tx, updated!);
    if (status === 'refunded') await recordPaymentRefunded(tx, updated!);

    if (status === 'succeeded') {
      const reaction = await handler.onSucceeded?.(change);
      afterCommit = reaction?.afterCommit;
      if (reaction?.refund) {
        [updated] = await tx
          .update(payments)
          .set({ refundDueAt: new Date() })
          .where(eq(payments.id, paymentId))
          .returning();
        // Settlement refunds it now; without a calendar, reconciliation's next pass does.
        if (updated!.calendarId) {
          await enqueueJob(tx, SETTLE_CALENDAR_JOB, updated!.calendarId);
          jobQueued = true;
        }
      }
    } else if (status === 'failed') {
      afterCommit = (await handler.onFailed?.(change))?.afterCommit;
    } else if (status === 'refunded') {
      afterCommit = (await handler.onRefunded?.(change))?.afterCommit;
    }
    return { payment: updated, changed: true };
  });
  await afterCommit?.();
  await afterDecline?.();
  if (jobQueued) context.jobs.wake();
  if (declined) await afterDeclineCommitted(context, declined);
  return result;
}

/**
 * Counts the decline, and with Stripe cancels the intent it was declined on: the browser holds the
 * intent's client secret and could otherwise try card after card on it without asking us again, so
 * each new try is a new intent, made through the guarded pay routes.
 */
async function afterDeclineCommitted(context: TransitionContext, payment: PaymentRow): Promise<void> {
  context.metrics.countDecline(payment.purpose, payment.failureCode ?? 'declined');
  if (payment.status !== 'processing' || !payment.providerRef || !context.payments.cancelPayment) return;
  try {
    const state = await context.payments.cancelPayment(payment.providerRef);
    await applyProviderState(context, payment.id, state);
  } catch (error) {
    // Reconciliation ends an intent left open (abandoned) later; the decline is counted already.
    context.logger.warn({ paymentId: payment.id, err: (error as Error).message }, 'could not cancel a declined intent');
  }
}

/**
 * Refunds a succeeded payment in full through the provider, once: the provider's idempotency key
 * is derived from our payment id, and the refunded state goes through `applyProviderState` like
 * any other (ledger entry unique per payment).
 */
export async function refundPayment(context: TransitionContext, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await context.db.select().from(payments).where(eq(payments.id, paymentId));
  if (payment?.status !== 'succeeded' || !payment.providerRef) return payment;
  try {
    const state = await context.payments.refundPayment(payment.providerRef, `refund:${payment.id}`);
    return (await applyProviderState(context, payment.id, state)).payment;
  } catch (error) {
    context.logger.warn({ paymentId, err: (error as Error).message }, 'refund failed: reconciliation retries it');
    throw error;
  }
}

async function hasOtherLiveFee(db: Db, payment: PaymentRow): Promise<boolean> {
  if (payment.purpose !== 'fee' || !payment.calendarId) return false;
  const live = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isLiveFeeOf(payment.calendarId), ne(payments.id, payment.id)));
  return live.length > 0;
}

function matchesPayment(payment: PaymentRow, state: ProviderPaymentState): boolean {
  if (payment.providerRef && payment.providerRef !== state.reference) return false;
  if (state.amount !== undefined && state.amount !== payment.amount) return false;
  if (state.currency !== undefined && state.currency.toLowerCase() !== payment.currency) return false;
  return true;
}
