import { CREATION_FEE_CENTS } from '@firstday/common/calendars';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { user } from '../auth/schema.ts';
import { activateCalendar, getCalendarTitle } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { applyGiftPaymentOutcome } from '../contributions/contribution-receipt.ts';
import { contributions } from '../contributions/schema.ts';
import { createFeeReceiptEmail, createGiftRefundEmail, describePaymentMethod } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { recordPaymentRefunded, recordPaymentSucceeded } from './ledger.ts';
import type { ProviderPaymentState } from './payment-provider.ts';
import { PREPARE_PAYOUT_RECIPIENT_JOB } from './payout-recipients.ts';
import { payments, paymentWebhookEvents } from './schema.ts';
import { SETTLE_CALENDAR_JOB } from './settlement.ts';

export type PaymentRow = typeof payments.$inferSelect;
type PaymentStatus = PaymentRow['status'];

type TransitionContext = Pick<
  AppContext,
  'db' | 'env' | 'logger' | 'wakeMailWorker' | 'publicCalendars' | 'payments' | 'jobs'
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
 * one transaction: records the webhook event (a replay is a no-op), moves the payment forward and,
 * when a fee payment succeeds, activates its calendar and queues the receipt; for a gift, confirms
 * (or fails) its contribution and queues the contributor's receipt. The public calendar's cached
 * page is dropped after the commit.
 */
export async function applyProviderState(
  context: TransitionContext,
  paymentId: string,
  state: ProviderPaymentState,
  options: { webhookEvent?: { provider: string; id: string } } = {},
): Promise<{ payment: PaymentRow | undefined; changed: boolean }> {
  let mailQueued = false;
  let jobQueued = false;
  let touchedCalendarId: string | undefined;
  const result = await context.db.transaction(async (tx) => {
    if (options.webhookEvent) {
      const recorded = await tx
        .insert(paymentWebhookEvents)
        .values({ provider: options.webhookEvent.provider, eventId: options.webhookEvent.id })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      if (recorded.length === 0) return { payment: undefined, changed: false };
    }
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return { payment: undefined, changed: false };
    if (!matchesPayment(payment, state)) {
      context.logger.error(
        { paymentId, reference: state.reference, amountCents: state.amountCents, currency: state.currency },
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

    // A gift that lands after the calendar's end is not in its payout (the amount was fixed then):
    // it goes back to its sender. The share lock orders this against the announcement's update.
    const lateGift =
      status === 'succeeded' &&
      payment.status !== 'succeeded' &&
      payment.purpose === 'gift' &&
      payment.calendarId !== null &&
      (await isCalendarEnded(tx, payment.calendarId));
    const [updated] = await tx
      .update(payments)
      .set({ ...changes, ...(lateGift ? { refundDueAt: new Date() } : {}), updatedAt: new Date() })
      .where(eq(payments.id, paymentId))
      .returning();
    if (status === 'succeeded' && payment.status !== 'succeeded') await recordPaymentSucceeded(tx, updated!);
    if (status === 'refunded' && payment.status !== 'refunded') await recordPaymentRefunded(tx, updated!);
    if (status === 'succeeded' && payment.status !== 'succeeded' && payment.purpose === 'fee' && payment.calendarId) {
      await activateCalendar(tx, payment.calendarId);
      mailQueued = await enqueueFeeReceipt(tx, context.env.APP_URL, updated!, state.wallet);
      touchedCalendarId = payment.calendarId;
      // The calendar is paid for: its payout recipient is made in the background (payout-recipients.ts).
      await enqueueJob(tx, PREPARE_PAYOUT_RECIPIENT_JOB, payment.calendarId);
      jobQueued = true;
    }
    if (lateGift) {
      // A gift charged after its calendar's end goes back to its sender: settlement refunds it.
      await enqueueJob(tx, SETTLE_CALENDAR_JOB, payment.calendarId!);
      jobQueued = true;
      mailQueued = await failLateGift(tx, context.env.APP_URL, updated!);
      touchedCalendarId = payment.calendarId ?? undefined;
    } else if (payment.purpose === 'gift' && status !== payment.status) {
      const outcome = await applyGiftPaymentOutcome(tx, context.env, updated!, state.wallet);
      mailQueued = outcome.mailQueued;
      touchedCalendarId = outcome.calendarId;
    }
    return { payment: updated, changed: true };
  });
  if (touchedCalendarId) context.publicCalendars.invalidate(touchedCalendarId);
  if (mailQueued) context.wakeMailWorker();
  if (jobQueued) context.jobs.wake();
  return result;
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

/**
 * A gift charged after its calendar ended: its contribution never goes public (the calendar is
 * closed) and the sender learns the money goes back, instead of getting a receipt.
 */
async function failLateGift(db: Db, appUrl: string, payment: PaymentRow): Promise<boolean> {
  const [contribution] = await db
    .update(contributions)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(eq(contributions.paymentId, payment.id))
    .returning();
  if (!contribution) return false;
  return enqueueGiftRefundNotice(db, appUrl, contribution, payment, { kind: 'late' });
}

/**
 * Tells a giver that their gift goes back to their card: transactional (sent even to an address
 * that unsubscribed from notices), at most once per payment. 'late': charged after the calendar
 * ended; 'closed': the parents closed the calendar and chose to refund every gift.
 */
export async function enqueueGiftRefundNotice(
  db: Db,
  appUrl: string,
  giver: { email: string; name: string },
  payment: { id: string; amountCents: number },
  reason: { kind: 'late' } | { kind: 'closed'; calendarTitle: string },
): Promise<boolean> {
  return enqueueMail(db, {
    to: giver.email,
    dedupeKey: `gift-refund:${payment.id}`,
    ...(await createGiftRefundEmail({ appUrl, name: giver.name, amountCents: payment.amountCents, reason })),
  });
}

async function isCalendarEnded(db: Db, calendarId: string): Promise<boolean> {
  const [calendar] = await db
    .select({ status: calendars.status })
    .from(calendars)
    .where(eq(calendars.id, calendarId))
    .for('share');
  return calendar?.status === 'announced' || calendar?.status === 'paid_out';
}

async function hasOtherLiveFee(db: Db, payment: PaymentRow): Promise<boolean> {
  if (payment.purpose !== 'fee' || !payment.calendarId) return false;
  const live = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.calendarId, payment.calendarId),
        eq(payments.purpose, 'fee'),
        inArray(payments.status, ['pending', 'processing', 'succeeded']),
        ne(payments.id, payment.id),
      ),
    );
  return live.length > 0;
}

function matchesPayment(payment: PaymentRow, state: ProviderPaymentState): boolean {
  if (payment.providerRef && payment.providerRef !== state.reference) return false;
  if (state.amountCents !== undefined && state.amountCents !== payment.amountCents) return false;
  if (state.currency !== undefined && state.currency.toLowerCase() !== payment.currency) return false;
  return true;
}

/** 'Your Firstday calendar is active': the fee receipt, at most once per payment (dedupe key). */
async function enqueueFeeReceipt(db: Db, appUrl: string, payment: PaymentRow, wallet?: string): Promise<boolean> {
  const [owner] = await db
    .select({
      email: user.email,
      name: user.name,
      slug: calendars.slug,
      title: calendars.title,
      firstName: calendars.firstName,
      background: calendars.background,
    })
    .from(calendars)
    .innerJoin(user, eq(user.id, calendars.ownerId))
    .where(eq(calendars.id, payment.calendarId!));
  if (!owner) return false;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `fee-receipt:${payment.id}`,
    ...(await createFeeReceiptEmail({
      appUrl,
      name: owner.name,
      calendar: { title: getCalendarTitle(owner), slug: owner.slug, background: owner.background },
      amountCents: payment.amountCents,
      paidAt: payment.updatedAt,
      paidWith: describePaymentMethod({ wallet, cardLast4: payment.cardLast4, method: payment.method }),
      standardFee: payment.amountCents === CREATION_FEE_CENTS,
    })),
  });
}
