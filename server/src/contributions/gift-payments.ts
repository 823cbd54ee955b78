import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { and, eq, inArray } from 'drizzle-orm';
import { findWelcomeWindow, isWelcomeWindowCollecting } from '../announcements/welcome-window.ts';
import type { AppContext } from '../app-context.ts';
import { findCalendarOwner } from '../calendars/calendar-owner.ts';
import { calendars } from '../calendars/schema.ts';
import { createDeclineBurstEmail, createGiftNotificationEmail } from '../emails/contributions.ts';
import { createGiftRefundEmail } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { GIFT_BURST } from '../payments/payment-guard.ts';
import type { PaymentPurposeHandler, PaymentReaction, PaymentRow } from '../payments/payment-transitions.ts';
import { enqueueContributionReceipt } from './contribution-receipt.ts';
import { type ContributionRow, contributions } from './schema.ts';

type MailEnv = Pick<Env, 'APP_URL' | 'APP_SECRETS'>;
type GiftContext = Pick<AppContext, 'env' | 'wakeMailWorker' | 'publicCalendars' | 'limiters' | 'rateLimits'>;

/**
 * What a gift's payment does to its contribution (registered in payment-handlers.ts): succeeded →
 * confirmed (public) with the giver's receipt and the creator's gift e-mail; failed → failed (never
 * public). A charge reported as taken after we had marked it failed is confirmed too: money is
 * never silently dropped. A gift that lands after its calendar's end is not in its payout (the
 * amount was fixed then): it goes back to its sender. A refunded gift changes nothing here.
 */
export function createGiftPaymentHandler(getContext: () => GiftContext): PaymentPurposeHandler {
  return {
    async onSucceeded({ tx, payment, wallet }) {
      const context = getContext();
      const { calendarId } = payment;
      // The share lock orders this against the announcement's update of the calendar.
      if (calendarId !== null && (await isCalendarEnded(tx, calendarId))) {
        const mailQueued = await failLateGift(tx, context.env.APP_URL, payment);
        return { refund: true, ...afterGiftChange(context, calendarId, mailQueued) };
      }
      const confirmed = await confirmGift(tx, context.env, payment, wallet);
      return afterGiftChange(context, confirmed?.calendarId, confirmed?.mailQueued ?? false);
    },
    async onDeclined({ tx, payment, burst }) {
      const context = getContext();
      const { calendarId } = payment;
      if (!calendarId) return undefined;
      const alertQueued = burst && (await enqueueDeclineBurstAlert(tx, context.env.APP_URL, calendarId));
      return {
        async afterCommit() {
          if (alertQueued) context.wakeMailWorker();
          // A declined gift gives its place in the calendar's allowance back: a wave of stolen cards
          // must not use up the room real guests need (decision 022).
          await context.limiters
            .create('contributions-per-calendar', context.rateLimits.contributionsPerCalendar)
            .giveBack(calendarId)
            .catch(() => undefined);
        },
      };
    },
    async onFailed({ tx, payment }) {
      const [failed] = await tx
        .update(contributions)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(contributions.paymentId, payment.id), eq(contributions.status, 'pending_payment')))
        .returning({ calendarId: contributions.calendarId });
      return afterGiftChange(getContext(), failed?.calendarId, false);
    },
  };
}

/** The public calendar's cached page is dropped, and the mail worker woken, once the change is committed. */
function afterGiftChange(context: GiftContext, calendarId: string | undefined, mailQueued: boolean): PaymentReaction {
  return {
    afterCommit() {
      if (calendarId) context.publicCalendars.invalidate(calendarId);
      if (mailQueued) context.wakeMailWorker();
    },
  };
}

async function confirmGift(
  db: Db,
  env: MailEnv,
  payment: Pick<PaymentRow, 'id' | 'cardLast4'>,
  wallet?: string,
): Promise<{ calendarId: string; mailQueued: boolean } | undefined> {
  const [confirmed] = await db
    .update(contributions)
    .set({ status: 'confirmed', updatedAt: new Date() })
    .where(and(eq(contributions.paymentId, payment.id), inArray(contributions.status, ['pending_payment', 'failed'])))
    .returning();
  if (!confirmed) return undefined;
  const receiptQueued = await enqueueContributionReceipt(db, env.APP_URL, confirmed, {
    cardLast4: payment.cardLast4,
    wallet,
  });
  const notificationQueued = await enqueueGiftNotification(db, env, confirmed);
  return { calendarId: confirmed.calendarId, mailQueued: receiptQueued || notificationQueued };
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
  const [calendar] = await db
    .select({ currency: calendars.currency })
    .from(calendars)
    .where(eq(calendars.id, contribution.calendarId));
  return enqueueGiftRefundNotice(db, appUrl, contribution, payment, calendar?.currency ?? 'usd', { kind: 'late' });
}

/**
 * Tells a giver that their gift goes back to their card: transactional (sent even to an address
 * that unsubscribed from notices), at most once per payment. 'late': charged after the calendar
 * ended; 'closed': the parents closed the calendar and chose to refund every gift.
 */
export async function enqueueGiftRefundNotice(
  db: Db,
  appUrl: string,
  giver: { email: string; name: string; locale: Locale },
  payment: { id: string; amount: number },
  currency: Currency,
  reason: { kind: 'late' } | { kind: 'closed'; calendarTitle: string },
): Promise<boolean> {
  return enqueueMail(db, {
    to: giver.email,
    dedupeKey: `gift-refund:${payment.id}`,
    ...(await createGiftRefundEmail({
      appUrl,
      locale: giver.locale,
      name: giver.name,
      amount: payment.amount,
      currency,
      reason,
    })),
  });
}

/** The parents hear of a burst of declined gifts once a day at most (the dedupe key holds the day). */
async function enqueueDeclineBurstAlert(db: Db, appUrl: string, calendarId: string): Promise<boolean> {
  const owner = await findCalendarOwner(db, calendarId);
  if (!owner) return false;
  const day = new Date().toISOString().slice(0, 10);
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `decline-burst:${calendarId}:${day}`,
    ...(await createDeclineBurstEmail({
      appUrl,
      locale: owner.locale,
      name: owner.name,
      calendar: owner.calendar,
      declines: GIFT_BURST.declines,
    })),
  });
}

/**
 * Ended, so a gift landing now is not in the payout: announced or paid out, unless the parents keep
 * the page open for welcome gifts and the payout is not fixed yet (decision 026): that gift is in it.
 */
async function isCalendarEnded(db: Db, calendarId: string): Promise<boolean> {
  const [calendar] = await db
    .select({ status: calendars.status })
    .from(calendars)
    .where(eq(calendars.id, calendarId))
    .for('share');
  if (calendar?.status !== 'announced' && calendar?.status !== 'paid_out') return false;
  return !isWelcomeWindowCollecting(await findWelcomeWindow(db, calendarId));
}

/**
 * Tells the creator of a paid gift at once ('Tom sent $35 and a wish'), unless they turned gift
 * e-mails off in their settings. Once per contribution (dedupe key), in the transaction that
 * confirms the gift; the hourly digest (wish-digest.ts) leaves wishes with a gift out.
 */
async function enqueueGiftNotification(db: Db, env: MailEnv, gift: ContributionRow): Promise<boolean> {
  if (!gift.giftAmount) return false;
  const owner = await findCalendarOwner(db, gift.calendarId);
  if (!owner?.giftNotifications) return false;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `gift-notification:${gift.id}`,
    suppressible: true,
    ...(await createGiftNotificationEmail({
      appUrl: env.APP_URL,
      locale: owner.locale,
      name: owner.name,
      calendar: owner.calendar,
      gift: { senderName: gift.name, amount: gift.giftAmount, guessedDate: gift.guessedDate, wish: gift.wish },
      unsubscribeUrl: createUnsubscribeUrl(env, owner.email),
    })),
  });
}
