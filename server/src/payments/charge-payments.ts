import { randomUUID } from 'node:crypto';
import { CREATION_FEE_AMOUNT, type PaymentMethodSchema, type PayResponse } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { IdempotencyConflictError, type ProviderPaymentMethod } from './payment-provider.ts';
import { applyProviderState, isLiveFeeOf, type PaymentRow } from './payment-transitions.ts';
import { payments } from './schema.ts';

// Charging at the provider, for any purpose: the creation fee's claim, the charge of a claimed fee
// or gift row, and the answer to a repeated attempt. What a charge's outcome does is its purpose's
// handler's business (payment-transitions.ts, payment-handlers.ts).

/** How the payer pays a fee or a gift: card fields, a wallet button, or Stripe's Payment Element. */
export type ChargeMethod = z.output<typeof PaymentMethodSchema>;

/** How long a second request waits for the first one's provider answer before replying. */
const IN_FLIGHT_WAIT_MS = 3000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * The provider is called for a payment only this long after its row was written; a same-key retry
 * later than that is answered, not sent on. Reconciliation relies on it: an intent can only have
 * been made within this window, so once the provider's search (which lags behind its writes) has
 * had time to see it, a payment it still does not find was never charged (reconcile.ts).
 */
export const PROVIDER_CALL_WINDOW_MS = 10 * 60_000;

export type Answer = { row: PaymentRow; clientSecret?: string };

type FeeRequest = {
  calendar: {
    id: string;
    /**
     * Locks the draft's row in the claim's transaction and answers its currency then (undefined:
     * no longer a draft). The calendars feature's own (calendar-service.ts, lockDraftForFee).
     */
    lockForFee(tx: Db): Promise<Currency | undefined>;
  };
  idempotencyKey: string;
  method: ChargeMethod;
  /** Who asks (payment-guard.ts), so a decline reported later still counts against them. */
  clientKey?: string;
  /** The paying account, counted by the fee's decline rules. */
  accountId?: string;
};

/**
 * Charges the $20 creation fee for a draft calendar (the route has checked ownership and
 * completeness). Idempotent in three layers: the browser's key is unique in `payments`; a partial
 * unique index allows one live fee payment per calendar whatever the key; and the provider
 * receives the same key, so even a resumed call after a crash cannot charge twice. The calendar
 * is activated only by the provider's confirmation (webhook or reconciliation), never here.
 */
export async function startFeePayment(context: AppContext, request: FeeRequest): Promise<PayResponse['payment']> {
  const { method } = request;
  assertPaymentMethodAvailable(context, method.type);
  const { row, created } = await claimFeePayment(context, request);
  const answer = created ? await callProvider(context, row, method) : await answerExisting(context, row, request);
  return toPayResponse(answer);
}

/** Stripe takes only its own Payment Element; the sandbox takes card fields and wallet buttons. */
export function assertPaymentMethodAvailable(context: AppContext, type: ChargeMethod['type']): void {
  if (context.payments.methods.includes(type)) return;
  throw new AppError(
    'payment_method_unavailable',
    context.payments.name === 'stripe'
      ? 'Please pay with the secure card form: card details are not accepted here.'
      : 'This payment method is not available.',
    400,
  );
}

/**
 * Inserts the 'pending' row before any provider call; on a conflict returns the payment that won.
 * The fee is in the calendar's currency as it is under the row lock the claim holds: a currency
 * change takes the same lock and is refused once a live fee exists, so the two never disagree.
 */
async function claimFeePayment(
  context: AppContext,
  request: FeeRequest,
): Promise<{ row: PaymentRow; created: boolean }> {
  const { db } = context;
  const { idempotencyKey } = request;
  const calendarId = request.calendar.id;
  // A conflicting payment can turn 'failed' between our insert and our look-up: then try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db.transaction(async (tx) => {
      const currency = await request.calendar.lockForFee(tx);
      if (!currency) return undefined;
      const [row] = await tx
        .insert(payments)
        .values({
          id: randomUUID(),
          calendarId,
          purpose: 'fee',
          provider: context.payments.name,
          // 20 in the calendar's currency, as it is when the fee is charged.
          amount: CREATION_FEE_AMOUNT,
          currency,
          status: 'pending',
          method: request.method.type,
          idempotencyKey,
          clientKey: request.clientKey ?? null,
          payerAccountId: request.accountId ?? null,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    });
    if (inserted) return { row: inserted, created: true };

    const [sameKey] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
    if (sameKey) {
      if (sameKey.calendarId !== calendarId || sameKey.purpose !== 'fee') {
        throw new AppError(
          'idempotency_key_reused',
          'This payment attempt belongs to something else. Please reload the page and try again.',
          409,
        );
      }
      return { row: sameKey, created: false };
    }
    const [live] = await db.select().from(payments).where(isLiveFeeOf(calendarId));
    if (live) return { row: live, created: false };
  }
  throw new Error('could not claim a fee payment after 3 attempts');
}

/**
 * Provider calls under way in this process, by payment id: a second request for the same payment
 * (a double click) waits for the first one's answer instead of asking the provider again.
 */
const callsInFlight = new Map<string, Promise<Answer>>();

/**
 * Charges a claimed 'pending' row (fee or gift) and applies the provider's answer. A purpose that
 * does not record an answer still under way (`recordsInProgress: false`, gifts) leaves the row
 * 'pending' on 'processing': its confirming transition records reference and status at once.
 */
export function callProvider(context: AppContext, row: PaymentRow, method: ChargeMethod): Promise<Answer> {
  const running = callsInFlight.get(row.id);
  if (running) return running;
  const call = chargeAtProvider(context, row, method).finally(() => callsInFlight.delete(row.id));
  callsInFlight.set(row.id, call);
  return call;
}

/**
 * Whether a 'processing' answer is written at once: unless the purpose does without
 * (`recordsInProgress: false`) and the provider finds the payment by its key at once (no
 * `searchLags`), which reconciliation relies on when the confirming webhook is lost.
 */
function recordsInProgress(context: AppContext, row: PaymentRow): boolean {
  return context.paymentHandlers[row.purpose].recordsInProgress !== false || context.payments.searchLags === true;
}

async function chargeAtProvider(context: AppContext, row: PaymentRow, method: ChargeMethod): Promise<Answer> {
  let state: Awaited<ReturnType<AppContext['payments']['createPayment']>>;
  try {
    state = await context.payments.createPayment({
      amount: row.amount,
      currency: row.currency,
      idempotencyKey: row.idempotencyKey,
      method: toProviderMethod(method),
      metadata: { calendarId: row.calendarId!, paymentId: row.id, purpose: row.purpose },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof IdempotencyConflictError) await failConflictingPayment(context, row, error);
    // The charge may or may not exist: the row stays 'pending' for a same-key retry or reconciliation.
    context.logger.error({ paymentId: row.id, err: (error as Error).message }, 'payment provider call failed');
    throw new AppError(
      'payment_unavailable',
      'We could not reach the payment service. Please try again in a moment: you will not be charged twice.',
      503,
    );
  }
  const underWay = state.status === 'processing' && !state.failureCode && row.status === 'pending';
  if (underWay && !recordsInProgress(context, row)) {
    return { row, clientSecret: state.clientSecret };
  }
  const { payment } = await applyProviderState(context, row.id, state);
  return { row: payment ?? row, clientSecret: state.clientSecret };
}

/**
 * The provider holds this payment's key for a request with other parameters (a key made twice, say
 * by another environment on the same Stripe account): nothing was charged for this row and the key
 * can never charge it, so the row fails at once, which frees the calendar for a new attempt with a
 * new key, and the payer is asked to start again. Money-wise this is a no-op: never a 500, never a
 * second charge, never a payment left pending forever.
 */
async function failConflictingPayment(context: AppContext, row: PaymentRow, error: Error): Promise<never> {
  context.logger.error({ paymentId: row.id, err: error.message }, 'payment key held by another request');
  await context.db
    .update(payments)
    .set({ status: 'failed', failureCode: 'idempotency_key_reused', updatedAt: new Date() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending'), isNull(payments.providerRef)));
  throw new AppError(
    'idempotency_key_reused',
    'This payment attempt belongs to something else. Please reload the page and try again.',
    409,
  );
}

/** A repeated key, or another attempt while a payment is live: answer that payment, charge nothing new. */
export async function answerExisting(
  context: AppContext,
  found: PaymentRow,
  request: { idempotencyKey: string; method: ChargeMethod },
): Promise<Answer> {
  let row = found;
  if (row.status === 'pending' && !row.providerRef) {
    // The first request's call is under way in this process: its answer is this one's.
    const answer = await callsInFlight.get(row.id)?.catch(() => undefined);
    if (answer) return answer;
    row = await waitForProviderAnswer(context, row);
  }
  if (
    row.status === 'pending' &&
    !row.providerRef &&
    row.idempotencyKey === request.idempotencyKey &&
    Date.now() - row.createdAt.getTime() < PROVIDER_CALL_WINDOW_MS
  ) {
    // The first request died or lost the provider's answer; the provider's own idempotency makes resuming safe.
    return callProvider(context, row, request.method);
  }
  if (context.payments.name === 'stripe' && row.status === 'processing' && row.providerRef) {
    // The browser needs the intent's client secret to confirm (or retry) the one live payment.
    const state = await context.payments.retrievePayment(row.providerRef);
    const { payment } = await applyProviderState(context, row.id, state);
    return { row: payment ?? row, clientSecret: state.clientSecret };
  }
  return { row };
}

async function waitForProviderAnswer(context: AppContext, row: PaymentRow): Promise<PaymentRow> {
  // Its answer under way is never written: there is nothing to wait for, and the provider's
  // idempotency makes asking it again with the same key safe.
  if (!recordsInProgress(context, row)) return row;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  let current = row;
  while (current.status === 'pending' && !current.providerRef && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    const [fresh] = await context.db.select().from(payments).where(eq(payments.id, row.id));
    current = fresh ?? current;
  }
  return current;
}

function toProviderMethod(method: ChargeMethod): ProviderPaymentMethod {
  if (method.type === 'card') return { type: 'card', card: { number: method.card.number } };
  return method;
}

export function toPayResponse({ row, clientSecret }: Answer): PayResponse['payment'] {
  return {
    // 'pending' only means our side has not heard back yet: to the browser it is in progress.
    status: row.status === 'pending' ? 'processing' : row.status,
    ...(row.failureCode && row.status !== 'succeeded' ? { failureCode: row.failureCode } : {}),
    ...(clientSecret && row.status === 'processing' ? { clientSecret } : {}),
  };
}
