import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { and, eq, sql } from 'drizzle-orm';
import { announcements } from '../announcements/schema.ts';
import type { AppContext } from '../app-context.ts';
import {
  type CalendarOwnerColumns,
  findCalendarOwner,
  joinCalendarOwnerSql,
  readCalendarOwner,
} from '../calendars/calendar-owner.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { createDeclineBurstEmail, createGiftNotificationEmail } from '../emails/contributions.ts';
import { createGiftRefundEmail } from '../emails/payments.ts';
import { type Db, prepareStatement, readTimestamp } from '../lib/db.ts';
import { enqueueLeasedMails, enqueueMail, type LeasedMail } from '../lib/mail/outbox.ts';
import { createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { GIFT_BURST } from '../payments/payment-guard.ts';
import type { PaymentPurposeHandler, PaymentReaction, PaymentRow } from '../payments/payment-transitions.ts';
import { createContributionReceipt, createEditToken } from './contribution-receipt.ts';
import { PUBLIC_CALENDAR_CHANNEL } from './public-calendar-cache.ts';
import { type ContributionRow, contributions } from './schema.ts';

type GiftContext = Pick<
  AppContext,
  'env' | 'wakeMailWorker' | 'instanceId' | 'publicCalendars' | 'limiters' | 'rateLimits'
>;

/**
 * What a gift's payment does to its contribution (registered in payment-handlers.ts): succeeded →
 * confirmed (public) with the giver's receipt and the creator's gift e-mail; failed → failed (never
 * public). A charge reported as taken after we had marked it failed is confirmed too: money is
 * never silently dropped. A gift that lands after its calendar's end is not in its payout (the
 * amount was fixed then): it goes back to its sender. A refunded gift changes nothing here.
 */
export function createGiftPaymentHandler(getContext: () => GiftContext): PaymentPurposeHandler {
  return {
    recordsInProgress: false,
    async onSucceeded({ tx, payment, wallet }) {
      const context = getContext();
      const confirmed = await confirmGift(tx, context, payment, wallet);
      if (confirmed.ended && payment.calendarId !== null) {
        const mailQueued = await failLateGift(tx, context.env.APP_URL, payment);
        return { refund: true, ...afterGiftChange(context, payment.calendarId, mailQueued) };
      }
      // The confirming statement sent the invalidation to every server (delivered at commit).
      return afterGiftChange(context, confirmed.calendarId, confirmed.leasedMails, { notified: true });
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

/**
 * The public calendar's cached page is dropped, and the mail worker woken (or handed the rows
 * queued for it), once the change is committed.
 */
function afterGiftChange(
  context: GiftContext,
  calendarId: string | undefined,
  mail: boolean | LeasedMail[],
  invalidation?: { notified: boolean },
): PaymentReaction {
  return {
    afterCommit() {
      if (calendarId) context.publicCalendars.invalidate(calendarId, invalidation);
      if (Array.isArray(mail)) {
        if (mail.length > 0) context.wakeMailWorker(mail);
      } else if (mail) context.wakeMailWorker();
    },
  };
}

type ConfirmRow = CalendarOwnerColumns & {
  calendar_found: boolean;
  open: boolean;
  id: string | null;
  calendar_id: string | null;
  name: string;
  email: string;
  guessed_date: string | null;
  wish: string;
  gift_amount: number | null;
  locale: ContributionRow['locale'];
  updated_at: unknown;
  slug: string;
  title: string | null;
  first_name: string;
  background: CalendarRow['background'];
  currency: Currency;
};

/**
 * The gift's confirmation in one statement: the calendar's share lock (which orders it against the
 * announcement's update of the calendar) and its ended check (`isCalendarEnded`), the contribution
 * confirmed with its edit link's hash, the invalidation of the public page sent to every server
 * (`pg_notify`, delivered at commit), and what the two e-mails need: the calendar and its owner.
 */
const confirmGiftStatement = prepareStatement<ConfirmRow>('confirm_gift', () => {
  const value = (name: string) => sql.placeholder(name);
  const owner = joinCalendarOwnerSql('calendar');
  return sql`with calendar as (
      select ${calendars.id} as id, ${calendars.status} as status, ${calendars.slug} as slug,
        ${calendars.title} as title, ${calendars.firstName} as first_name, ${calendars.background} as background,
        ${calendars.currency} as currency, ${calendars.ownerId} as owner_id,
        ${announcements.welcomeGiftsUntil} as until, ${announcements.welcomeGiftsClosedAt} as closed_at
      from ${calendars} left join ${announcements} on ${announcements.calendarId} = ${calendars.id}
      where ${calendars.id} = ${value('calendarId')}::uuid
      for share of ${calendars}
    ),
    open as (
      select from calendar
      where calendar.status not in ('announced', 'paid_out') or (calendar.until is not null and calendar.closed_at is null)
    ),
    confirmed as (
      update ${contributions} set status = 'confirmed', updated_at = ${value('now')}::timestamptz,
        edit_token_hash = ${value('editTokenHash')}::text
      where payment_id = ${value('paymentId')}::uuid and status in ('pending_payment', 'failed')
        and (${value('calendarId')}::uuid is null or exists (select from open))
      returning *
    ),
    notified as (select pg_notify(${PUBLIC_CALENDAR_CHANNEL}::text, confirmed.calendar_id::text) from confirmed)
    select exists (select from calendar) as calendar_found, exists (select from open) as open,
      confirmed.id, confirmed.calendar_id, confirmed.name, confirmed.email, confirmed.guessed_date, confirmed.wish,
      confirmed.gift_amount, confirmed.locale, confirmed.updated_at,
      calendar.slug, calendar.title, calendar.first_name, calendar.background, calendar.currency,
      ${owner.ownerColumns}, (select count(*) from notified) as notified
    from (select 1) as one
      left join confirmed on true
      left join calendar on true
      ${owner.join}`;
});

/**
 * Confirms a paid gift: its contribution goes public with its edit link, the giver's receipt and
 * (unless they turned gift e-mails off, or unsubscribed) the parents' e-mail are queued, all in
 * the payment's transaction: one statement to confirm, one to queue both e-mails. `ended`: the
 * calendar ended before the money came, so nothing was confirmed (the caller sends it back).
 */
async function confirmGift(
  db: Db,
  context: Pick<GiftContext, 'env' | 'instanceId'>,
  payment: Pick<PaymentRow, 'id' | 'cardLast4' | 'calendarId'>,
  wallet?: string,
): Promise<{ ended: boolean; calendarId?: string; leasedMails: LeasedMail[] }> {
  const { env } = context;
  const { token, hash } = createEditToken();
  const [row] = await confirmGiftStatement(db, {
    calendarId: payment.calendarId,
    paymentId: payment.id,
    editTokenHash: hash,
    now: new Date().toISOString(),
  });
  if (!row?.id || !row.calendar_id) return { ended: !!row?.calendar_found && !row.open, leasedMails: [] };
  const gift = {
    id: row.id,
    email: row.email,
    locale: row.locale,
    name: row.name,
    guessedDate: row.guessed_date,
    wish: row.wish,
    giftAmount: row.gift_amount === null ? null : Number(row.gift_amount),
    updatedAt: readTimestamp(row.updated_at),
  };
  const calendar = {
    slug: row.slug,
    title: row.title,
    firstName: row.first_name,
    background: row.background,
    currency: row.currency,
  };
  const mails = [
    await createContributionReceipt(env.APP_URL, gift, calendar, token, { cardLast4: payment.cardLast4, wallet }),
  ];
  // The parents hear of it unless they turned gift e-mails off (Settings) or unsubscribed (the
  // outbox leaves a suppressible e-mail to an unsubscribed address out, in its insert).
  const owner = readCalendarOwner(row, calendar);
  if (gift.giftAmount && owner?.giftNotifications) {
    mails.push({
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
  // Leased to this server's mail worker, which sends them once this transaction commits.
  const leasedMails = await enqueueLeasedMails(db, mails, context.instanceId);
  return { ended: false, calendarId: row.calendar_id, leasedMails };
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
