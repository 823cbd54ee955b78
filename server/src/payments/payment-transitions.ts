import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { type Db, prepareStatement, readNullableTimestamp, readTimestamp } from '../lib/db.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { recordMovedPaymentsSql, recordPaymentRefunded, recordPaymentSucceeded } from './ledger.ts';
import { isNewDecline, recordDecline } from './payment-guard.ts';
import type { ProviderPaymentState } from './payment-provider.ts';
import { payments } from './schema.ts';
import { SETTLE_CALENDAR_JOB } from './settlement-job.ts';
import type { WebhookEvent } from './webhook-events.ts';

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
  /**
   * False when nothing needs a payment's provider reference before the provider's final word: the
   * payment is reached only through its own key (a gift's submission), and the confirmation finds
   * it by the id it carries (webhook metadata, reconciliation by key). Its 'processing' answer is
   * then not written, and the confirming transition records reference and status together (one
   * write transaction fewer; decision 032). A fee records it (the default): another attempt at the
   * calendar's one live fee (a second tab) must find the intent.
   */
  recordsInProgress?: boolean;
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
 * Which payment a provider state is about: ours by id, or as the provider names it (a webhook):
 * by its reference, else by the payment id we sent as metadata while the reference is unset (a
 * gift's answer under way is not written, and a crash between charge and write leaves it unset).
 */
export type PaymentLocator = { paymentId: string } | { reference: string; paymentId?: string };

/**
 * The one place a payment changes state, shared by the pay call, webhooks and reconciliation. In
 * one transaction: records the webhook event (a replay is a no-op), moves the payment forward,
 * writes its ledger entry and hands the transition to its purpose's handler (a fee activates its
 * calendar, a gift confirms its contribution: payment-handlers.ts). What the handler asks to run
 * after the commit runs once the transaction has committed. A plain step forward (pending or
 * processing to succeeded or failed, succeeded to refunded) is one statement (`movePayment`);
 * anything else goes through the row lock and `getNextStatus` (decision 032).
 */
export async function applyProviderState(
  context: TransitionContext,
  target: string | PaymentLocator,
  state: ProviderPaymentState,
  options: { webhookEvent?: WebhookEvent } = {},
): Promise<{ payment: PaymentRow | undefined; changed: boolean; found?: boolean }> {
  const locator = typeof target === 'string' ? { paymentId: target } : target;
  let afterCommit: PaymentReaction['afterCommit'];
  let afterDecline: PaymentReaction['afterCommit'];
  let declined: PaymentRow | undefined;
  let jobQueued = false;
  const result = await context.db.transaction(async (tx) => {
    const step = await movePayment(tx, context.payments.name, locator, state, options.webhookEvent);
    if (!step.found) return { payment: undefined, changed: false, found: false };
    if (!step.recorded) return { payment: undefined, changed: false };
    const paymentId = step.paymentId;
    let payment: Pick<PaymentRow, 'status' | 'failureCode'>;
    let updated: PaymentRow | undefined;
    let status: PaymentStatus;
    if (step.moved) {
      ({ previous: payment, payment: updated } = step.moved);
      status = updated.status;
    } else {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!locked) return { payment: undefined, changed: false };
      if (!matchesPayment(locked, state)) {
        context.logger.error(
          { paymentId, reference: state.reference, amount: state.amount, currency: state.currency },
          'provider payment does not match our payment row: not applied',
        );
        return { payment: locked, changed: false };
      }

      status = getNextStatus(locked.status, state.status);
      let failureCode = state.failureCode;
      if (locked.status === 'failed' && status === 'succeeded' && (await hasOtherLiveFee(tx, locked))) {
        // Two fees taken for one calendar (a charge that landed after a retry succeeded): the unique
        // index keeps one live fee, so this one stays failed and is flagged for a refund.
        context.logger.error({ paymentId, reference: state.reference }, 'second fee charge for a calendar: refund it');
        status = 'failed';
        failureCode = 'duplicate_charge';
      }
      const changes = {
        providerRef: locked.providerRef ?? state.reference,
        status,
        cardLast4: locked.cardLast4 ?? state.cardLast4 ?? null,
        failureCode: status === 'succeeded' || status === 'refunded' ? null : (failureCode ?? locked.failureCode),
      };
      const unchanged = (Object.keys(changes) as (keyof typeof changes)[]).every((key) => changes[key] === locked[key]);
      if (unchanged) return { payment: locked, changed: false };

      [updated] = await tx
        .update(payments)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(payments.id, paymentId))
        .returning();
      payment = locked;
      if (status !== locked.status && status === 'succeeded') await recordPaymentSucceeded(tx, updated!);
      if (status !== locked.status && status === 'refunded') await recordPaymentRefunded(tx, updated!);
    }
    const handler = context.paymentHandlers[updated!.purpose];
    const change: PaymentChange = { tx, payment: updated!, previousStatus: payment.status, wallet: state.wallet };
    if (isNewDecline(payment, updated!)) {
      const { recorded, burst } = await recordDecline(tx, context.env.APP_SECRET, updated!, state.cardFingerprint);
      if (recorded) {
        declined = updated;
        afterDecline = (await handler.onDeclined?.({ ...change, burst }))?.afterCommit;
      }
    }
    if (status === payment.status) return { payment: updated, changed: true };

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

/** The statuses a reported status moves forward from in one plain step (`getNextStatus`, without its exceptions). */
function listPlainStepsTo(reported: ProviderPaymentState['status']): PaymentStatus[] {
  const from: PaymentStatus[] = ['pending', 'processing', 'succeeded'];
  return from.filter((current) => current !== reported && getNextStatus(current, reported) === reported);
}

type MoveRow = Record<string, unknown> & {
  known: number | string;
  recorded: number | string;
  target_id: string | null;
};

/**
 * One statement: finds the payment (`locator`), records the webhook event (none recorded: a
 * replay), locks the row, and when the reported status is a plain step forward from the row's
 * status and the amount, currency and reference match, moves it (reference, card, failure code as
 * the locked path would set them) and writes its ledger entry. `moved` is undefined when that
 * needs the locked path (the row lock is then held already).
 */
async function movePayment(
  tx: Db,
  provider: string,
  locator: PaymentLocator,
  state: ProviderPaymentState,
  event: WebhookEvent | undefined,
): Promise<{
  found: boolean;
  recorded: boolean;
  paymentId: string;
  moved?: { previous: Pick<PaymentRow, 'status' | 'failureCode'>; payment: PaymentRow };
}> {
  const byReference = 'reference' in locator;
  const pendingId = byReference ? locator.paymentId : undefined;
  const statement = byReference ? movePaymentByReference : movePaymentById;
  const [row] = (await statement(tx, {
    provider,
    paymentId: byReference ? (pendingId && /^[0-9a-f-]{36}$/i.test(pendingId) ? pendingId : null) : locator.paymentId,
    reference: state.reference,
    eventProvider: event?.provider ?? null,
    eventId: event?.id ?? null,
    from: listPlainStepsTo(state.status).join(','),
    status: state.status,
    cardLast4: state.cardLast4 ?? null,
    failureCode: state.failureCode ?? null,
    amount: state.amount ?? null,
    currency: state.currency ?? null,
    now: new Date().toISOString(),
    ledgerId0: randomUUID(),
    ledgerId1: randomUUID(),
  })) as MoveRow[];
  const found = Number(row?.known ?? 0) > 0;
  const recorded = !event || Number(row?.recorded ?? 0) > 0;
  const paymentId = String(row?.target_id ?? '');
  if (!row?.id) return { found, recorded, paymentId };
  return {
    found,
    recorded,
    paymentId,
    moved: {
      previous: {
        status: row.previous_status as PaymentStatus,
        failureCode: (row.previous_failure_code as string | null) ?? null,
      },
      payment: readPaymentRow(row),
    },
  };
}

function buildMovePayment(byReference: boolean) {
  const value = (name: string) => sql.placeholder(name);
  const locate = byReference
    ? sql`provider = ${value('provider')}::text and (provider_ref = ${value('reference')}::text
        or (id = ${value('paymentId')}::uuid and provider_ref is null))
        order by provider_ref is not null desc limit 1`
    : sql`id = ${value('paymentId')}::uuid`;
  const reported = sql`${value('status')}::text`;
  return sql`with target as (select id from payments where ${locate}),
    event as (
      insert into payment_webhook_events (provider, event_id)
      select ${value('eventProvider')}::text, ${value('eventId')}::text from target where ${value('eventId')}::text is not null
      on conflict do nothing
      returning 1
    ),
    previous as (
      select payment.* from payments payment join target on target.id = payment.id
      where ${value('eventId')}::text is null or exists (select from event)
      for update of payment
    ),
    moved as (
      update payments payment set
        status = ${reported},
        provider_ref = coalesce(payment.provider_ref, ${value('reference')}::text),
        card_last4 = coalesce(payment.card_last4, ${value('cardLast4')}::text),
        failure_code = case when ${reported} in ('succeeded', 'refunded') then null
          else coalesce(${value('failureCode')}::text, payment.failure_code) end,
        updated_at = ${value('now')}::timestamptz
      from previous
      where payment.id = previous.id
        and previous.status = any (string_to_array(${value('from')}::text, ','))
        and (previous.provider_ref is null or previous.provider_ref = ${value('reference')}::text)
        and (${value('amount')}::int is null or payment.amount = ${value('amount')}::int)
        and (${value('currency')}::text is null or payment.currency = lower(${value('currency')}::text))
      returning payment.*, previous.status as previous_status, previous.failure_code as previous_failure_code
    ),
    ledger as (${recordMovedPaymentsSql('moved')})
    select (select count(*) from target) as known, (select count(*) from event) as recorded,
      (select id from target) as target_id, moved.*
    from (select 1) as one left join moved on true`;
}

const movePaymentById = prepareStatement('move_payment_by_id', () => buildMovePayment(false));
const movePaymentByReference = prepareStatement('move_payment_by_reference', () => buildMovePayment(true));

/** A payments row from a prepared statement's `returning payment.*`. */
function readPaymentRow(row: Record<string, unknown>): PaymentRow {
  return {
    id: String(row.id),
    calendarId: (row.calendar_id as string | null) ?? null,
    purpose: row.purpose as PaymentRow['purpose'],
    provider: row.provider as PaymentRow['provider'],
    providerRef: (row.provider_ref as string | null) ?? null,
    amount: Number(row.amount),
    currency: String(row.currency),
    status: row.status as PaymentStatus,
    method: row.method as PaymentRow['method'],
    cardLast4: (row.card_last4 as string | null) ?? null,
    failureCode: (row.failure_code as string | null) ?? null,
    idempotencyKey: String(row.idempotency_key),
    clientKey: (row.client_key as string | null) ?? null,
    payerAccountId: (row.payer_account_id as string | null) ?? null,
    refundDueAt: readNullableTimestamp(row.refund_due_at),
    createdAt: readTimestamp(row.created_at),
    updatedAt: readTimestamp(row.updated_at),
  };
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
