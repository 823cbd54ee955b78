import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { PROVIDER_CALL_WINDOW_MS } from './charge-payments.ts';
import type { ProviderPaymentState } from './payment-provider.ts';
import { applyProviderState, type PaymentRow } from './payment-transitions.ts';
import { reconcilePayouts } from './payouts.ts';
import { payments } from './schema.ts';
import { refundDueGifts } from './settlement.ts';

const BATCH_SIZE = 50;
/**
 * How long after the last possible provider call a payment the provider's search does not find is
 * still treated as possibly there: Stripe's search lags behind its writes (up to a minute, longer
 * in an incident), so "not found" only means "not indexed yet" until then.
 */
export const SEARCH_LAG_ALLOWANCE_MS = 5 * 60_000;

/** Our payment for a provider state: by reference, or by the payment id we sent as metadata. */
export async function findPaymentForState(
  context: Pick<AppContext, 'db' | 'payments'>,
  state: ProviderPaymentState,
): Promise<PaymentRow | undefined> {
  const [byReference] = await context.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, context.payments.name), eq(payments.providerRef, state.reference)));
  if (byReference) return byReference;
  if (!state.paymentId || !/^[0-9a-f-]{36}$/i.test(state.paymentId)) return undefined;
  // A crash between the provider's answer and our write leaves the reference unset.
  const [byId] = await context.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, state.paymentId), isNull(payments.providerRef)));
  return byId;
}

/**
 * Settles payments still 'pending' or 'processing' after `olderThanMs`, from the provider's own
 * record: by reference, or by idempotency key when the reference was never stored (the server
 * died between charge and write). Applies the same transition as a webhook. A 'pending' payment
 * the provider never saw is given up after `abandonAfterMs`, which frees the calendar for a retry.
 * Rows are claimed by moving `updated_at` forward under SKIP LOCKED, so concurrent runs (several
 * processes) split the work and every open payment gets its turn.
 */
export async function reconcilePayments(
  context: AppContext,
  options: { olderThanMs?: number; abandonAfterMs?: number } = {},
): Promise<{ checked: number; changed: number }> {
  const olderThanMs = options.olderThanMs ?? 60_000;
  // Never sooner than the last provider call plus the search lag: an intent made then but not yet
  // searchable must not be given up (the same key would then be free to be charged elsewhere).
  const abandonAfterMs = Math.max(
    options.abandonAfterMs ?? 15 * 60_000,
    PROVIDER_CALL_WINDOW_MS + SEARCH_LAG_ALLOWANCE_MS,
  );
  const provider = context.payments;
  const cutoff = new Date(Date.now() - olderThanMs);
  const claimed = await context.db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(
      inArray(
        payments.id,
        context.db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.provider, provider.name),
              inArray(payments.status, ['pending', 'processing']),
              lt(payments.updatedAt, cutoff),
            ),
          )
          .orderBy(asc(payments.updatedAt))
          .limit(BATCH_SIZE)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

  let changed = 0;
  for (const row of claimed) {
    try {
      let state = row.providerRef
        ? await provider.retrievePayment(row.providerRef)
        : await provider.findPaymentByIdempotencyKey(row.idempotencyKey);
      if (state?.paymentId && state.paymentId !== row.id && !row.providerRef) {
        // Found by key but made for another payment of ours (the metadata says whose): not this one.
        context.logger.error({ paymentId: row.id, reference: state.reference }, 'payment key found on another payment');
        state = undefined;
      }
      if (state) {
        if ((await applyProviderState(context, row.id, state)).changed) changed++;
      } else if (row.status === 'pending' && row.createdAt.getTime() < Date.now() - abandonAfterMs) {
        const given = await context.db
          .update(payments)
          .set({ status: 'failed', failureCode: 'abandoned', updatedAt: new Date() })
          .where(and(eq(payments.id, row.id), eq(payments.status, 'pending'), isNull(payments.providerRef)))
          .returning({ id: payments.id });
        changed += given.length;
      }
    } catch (error) {
      context.logger.warn({ paymentId: row.id, err: (error as Error).message }, 'payment reconciliation failed');
    }
  }
  return { checked: claimed.length, changed };
}

/** The recurring background job (lib/jobs) that reconciles payments, payouts and due refunds. */
export const RECONCILE_PAYMENTS_JOB = 'reconcile-payments';
/**
 * Queued by every server at start-up: one pass over every open payment and payout whatever its
 * age, so after a crash a gift charged a moment before shows at once instead of a minute later
 * (checking one still in flight on a live server is harmless: the provider's answer is applied
 * idempotently). Servers starting together share the one job.
 */
export const RECONCILE_AFTER_START_JOB = 'reconcile-after-start';

/** One reconciliation pass: payments, then payouts and refunds still due. */
export async function reconcileAll(context: AppContext, options: { olderThanMs?: number } = {}): Promise<void> {
  const result = await reconcilePayments(context, options);
  if (result.changed > 0) context.logger.info(result, 'payments reconciled');
  const repaired = { ...(await reconcilePayouts(context, options)), ...(await refundDueGifts(context)) };
  if (repaired.payouts + repaired.refunded > 0) context.logger.info(repaired, 'payouts and refunds reconciled');
}
