import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { findCalendarOwner } from '../calendars/calendar-owner.ts';
import { calendars } from '../calendars/schema.ts';
import { createPayoutOutcomeEmail } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { recordPayoutFailed, recordPayoutPaid, recordPayoutStarted } from './ledger.ts';
import { type ProviderPayoutState, ProviderRefusedError } from './payment-provider.ts';
import { getPayoutHeldUntil, getPayoutHoldCutoff } from './payout-hold.ts';
import { ensurePayoutRecipient, recordPayoutRecipientState } from './payout-recipients.ts';
import { payments, payouts } from './schema.ts';
import { recordWebhookEvent, type WebhookEvent } from './webhook-events.ts';

export type PayoutRow = typeof payouts.$inferSelect;
type PayoutContext = Pick<AppContext, 'db' | 'env' | 'logger' | 'payments' | 'publicCalendars' | 'wakeMailWorker'>;

const RECONCILE_BATCH_SIZE = 50;

/**
 * The gift total of a calendar: succeeded gifts (refunded ones have left that status). Called in
 * the announcement's transaction after the calendar row is locked, so no gift can succeed unseen.
 */
export async function sumCollectedGifts(db: Db, calendarId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.calendarId, calendarId), eq(payments.purpose, 'gift'), eq(payments.status, 'succeeded')));
  return row?.total ?? 0;
}

/** Records the calendar's one payout ('pending', unique per calendar) and its ledger move. */
export async function createPayoutRecord(
  db: Db,
  request: { calendarId: string; amount: number; currency: string; provider: PayoutRow['provider'] },
): Promise<PayoutRow> {
  const id = randomUUID();
  const [created] = await db
    .insert(payouts)
    .values({ id, ...request, status: 'pending', idempotencyKey: `payout:${request.calendarId}` })
    .onConflictDoNothing({ target: payouts.calendarId })
    .returning();
  if (created) {
    await recordPayoutStarted(db, created);
    return created;
  }
  const [existing] = await db.select().from(payouts).where(eq(payouts.calendarId, request.calendarId));
  return existing!;
}

/**
 * Makes sure the calendar's payout recipient exists (it is normally made when the IBAN is saved),
 * asks the provider for the payout (idempotent by the payout's key, so a retry after a crash finds
 * the same transfer) and applies its answer. Errors are logged; reconciliation retries. A payout
 * held after an IBAN change is left pending: reconciliation submits it once the hold is over.
 */
export async function submitPayout(context: PayoutContext, payoutId: string): Promise<PayoutRow | undefined> {
  const [payout] = await context.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (payout?.status !== 'pending' || !payout.calendarId) return payout;
  try {
    const [calendar] = await context.db.select().from(calendars).where(eq(calendars.id, payout.calendarId));
    const heldUntil = calendar && getPayoutHeldUntil(calendar);
    if (heldUntil) {
      context.logger.info({ payoutId, heldUntil }, 'payout held after an IBAN change');
      return payout;
    }
    if (!calendar?.ibanEncrypted) {
      return await applyPayoutState(context, payout.id, {
        reference: payout.providerRef ?? `none:${payout.id}`,
        status: 'failed',
        failureReason: 'missing_iban',
      });
    }
    const recipient = await ensurePayoutRecipient(context, calendar);
    const state = await context.payments.createPayout({
      amount: payout.amount,
      currency: payout.currency,
      idempotencyKey: payout.idempotencyKey,
      recipient,
      metadata: { calendarId: payout.calendarId, payoutId: payout.id },
    });
    return await applyPayoutState(context, payout.id, state);
  } catch (error) {
    context.logger.warn({ payoutId, err: (error as Error).message }, 'payout submission failed: retried later');
    if (error instanceof ProviderRefusedError) return await renewPayoutKey(context.db, payout);
    return payout;
  }
}

/**
 * The provider reports that a payout recipient changed (Stripe's `account.updated`, the sandbox's
 * onboarding page): its state is re-read from the provider, never taken from the event, and
 * recorded on the calendar that pays out to it. Once it may pay out, a payout waiting for it is
 * submitted at once rather than on the next reconciliation pass (which would pick it up too).
 * Undefined for a recipient no calendar pays out to (a bank account replaced since).
 */
export async function refreshPayoutRecipient(
  context: PayoutContext,
  reference: string,
): Promise<typeof calendars.$inferSelect | undefined> {
  const [known] = await context.db
    .select({ id: calendars.id })
    .from(calendars)
    .where(eq(calendars.payoutRecipientRef, reference));
  if (!known) return undefined;
  const calendar = await recordPayoutRecipientState(context, await context.payments.retrievePayoutRecipient(reference));
  if (!calendar?.payoutRecipientPayoutsEnabled) return calendar;
  const [waiting] = await context.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.calendarId, calendar.id), eq(payouts.status, 'pending'), isNull(payouts.providerRef)));
  if (waiting) await submitPayout(context, waiting.id);
  return calendar;
}

/**
 * After the provider refused the payout (nothing moved), the next attempt gets a key of its own:
 * Stripe answers the same key with the same refusal for 24 hours, so the payout would wait a day
 * after the account was verified or the funds became available. `payout:<calendarId>` becomes
 * `payout:<calendarId>:retry-1`, and so on. Compare-and-set, so submitters that met the same refusal
 * renew it once, and concurrent attempts still share one key; the provider's look-up of the
 * transfer and payout on the account (stripe-provider.ts) still keeps any key from moving money twice.
 */
async function renewPayoutKey(db: Db, payout: PayoutRow): Promise<PayoutRow> {
  const base = `payout:${payout.calendarId}`;
  const retries = Number(payout.idempotencyKey.match(/:retry-(\d+)$/)?.[1] ?? 0);
  const [renewed] = await db
    .update(payouts)
    .set({ idempotencyKey: `${base}:retry-${retries + 1}`, updatedAt: new Date() })
    .where(and(eq(payouts.id, payout.id), eq(payouts.idempotencyKey, payout.idempotencyKey)))
    .returning();
  return renewed ?? payout;
}

/**
 * The one place a payout changes state (submission, webhook, reconciliation): pending → paid |
 * failed, never back. Paid moves the calendar to 'paid_out'. A replayed webhook event is a no-op.
 */
export async function applyPayoutState(
  context: PayoutContext,
  payoutId: string,
  state: ProviderPayoutState,
  options: { webhookEvent?: WebhookEvent } = {},
): Promise<PayoutRow | undefined> {
  let mailQueued = false;
  const result = await context.db.transaction(async (tx) => {
    if (options.webhookEvent && !(await recordWebhookEvent(tx, options.webhookEvent))) return undefined;
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) return undefined;
    if (state.amount !== undefined && state.amount !== payout.amount) {
      context.logger.error({ payoutId, reference: state.reference }, 'provider payout does not match: not applied');
      return payout;
    }
    if (payout.status === 'paid' && state.status === 'failed') {
      // The bank sent back money it had accepted (Stripe: onto the connected account): support
      // settles it, since a payout never moves back.
      context.logger.error({ payoutId, reason: state.failureReason }, 'a paid payout was returned by the bank');
    }
    const status = payout.status === 'pending' ? state.status : payout.status;
    const providerRef = payout.providerRef ?? (state.reference.startsWith('none:') ? null : state.reference);
    if (status === payout.status && providerRef === payout.providerRef) return payout;
    const [updated] = await tx
      .update(payouts)
      .set({
        status,
        providerRef,
        failureReason: status === 'failed' ? (state.failureReason ?? 'payout_failed') : null,
        updatedAt: new Date(),
      })
      .where(eq(payouts.id, payoutId))
      .returning();
    if (status === 'paid' && payout.status !== 'paid') {
      await recordPayoutPaid(tx, updated!);
      if (updated!.calendarId) {
        await tx
          .update(calendars)
          .set({ status: 'paid_out', updatedAt: new Date() })
          .where(and(eq(calendars.id, updated!.calendarId), eq(calendars.status, 'announced')));
      }
    }
    if (status === 'failed' && payout.status !== 'failed') await recordPayoutFailed(tx, updated!);
    if (status !== payout.status) mailQueued = await enqueuePayoutOutcome(tx, context.env.APP_URL, updated!);
    return updated;
  });
  if (result?.calendarId) context.publicCalendars.invalidate(result.calendarId);
  if (mailQueued) context.wakeMailWorker();
  return result;
}

/** Tells the creator the payout arrived at the bank, or failed (support will sort it out). */
async function enqueuePayoutOutcome(db: Db, appUrl: string, payout: PayoutRow): Promise<boolean> {
  if (!payout.calendarId || payout.status === 'pending') return false;
  const owner = await findCalendarOwner(db, payout.calendarId);
  if (!owner) return false;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `payout-${payout.status}:${payout.id}`,
    ...(await createPayoutOutcomeEmail({
      appUrl,
      locale: owner.locale,
      name: owner.name,
      calendar: owner.calendar,
      payout: { status: payout.status, amount: payout.amount, failureReason: payout.failureReason },
    })),
  });
}

export async function findPayoutByReference(db: Db, provider: string, reference: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider as PayoutRow['provider']), eq(payouts.providerRef, reference)));
  return row;
}

/**
 * Repairs what a crash or a lost webhook left open: pending payouts, submitted again under the
 * same idempotency key, or re-read; and submits held payouts once their hold is over. Payouts not
 * yet submitted whose hold still runs are not picked, so they neither fill the batch nor are
 * tried every minute. (Due refunds: `refundDueGifts` in settlement.ts.)
 */
export async function reconcilePayouts(
  context: PayoutContext,
  options: { olderThanMs?: number } = {},
): Promise<{ payouts: number }> {
  const cutoff = new Date(Date.now() - (options.olderThanMs ?? 60_000));
  const open = await context.db
    .select(getTableColumns(payouts))
    .from(payouts)
    .leftJoin(calendars, eq(calendars.id, payouts.calendarId))
    .where(
      and(
        eq(payouts.status, 'pending'),
        lt(payouts.updatedAt, cutoff),
        or(
          isNotNull(payouts.providerRef),
          isNull(calendars.ibanChangedAt),
          lte(calendars.ibanChangedAt, getPayoutHoldCutoff()),
        ),
      ),
    )
    .orderBy(asc(payouts.updatedAt))
    .limit(RECONCILE_BATCH_SIZE);
  for (const payout of open) {
    try {
      if (!payout.providerRef) await submitPayout(context, payout.id);
      else await applyPayoutState(context, payout.id, await context.payments.retrievePayout(payout.providerRef));
    } catch (error) {
      context.logger.warn({ payoutId: payout.id, err: (error as Error).message }, 'payout reconciliation failed');
    }
  }
  return { payouts: open.length };
}
