import type {
  AccountDeletionBlocker,
  AccountDeletionBlockerReason,
  AccountDeletionCheck,
  DeleteAccountRequest,
} from '@firstday/common/account';
import type { Locale } from '@firstday/common/locales';
import { SITE } from '@firstday/common/site';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { hasPassword, requireRecentAuthentication } from '../auth/recent-authentication.ts';
import { user, verification } from '../auth/schema.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { payments, payouts } from '../payments/schema.ts';

/**
 * A payment the provider has neither confirmed nor declined within this time is taken as abandoned
 * (a checkout left open at its card check): it no longer holds up a deletion, and the deletion
 * marks it refund-due, so should it still succeed the reconciler sends the money straight back.
 */
export const PAYMENT_IN_PROGRESS_MS = 60 * 60_000;

type OwnedCalendar = Pick<typeof calendars.$inferSelect, 'id' | 'status' | 'title' | 'firstName' | 'currency'>;
type SignedIn = { user: { id: string }; session: { createdAt: Date } };

const OWNED_CALENDAR_COLUMNS = {
  id: calendars.id,
  status: calendars.status,
  title: calendars.title,
  firstName: calendars.firstName,
  currency: calendars.currency,
};

/** `GET /api/account/deletion`: the calendars whose money must settle before the account can go. */
/** `locale`: the reader's language, for automatic calendar titles. */
export async function getAccountDeletionCheck(db: Db, userId: string, locale: Locale): Promise<AccountDeletionCheck> {
  const owned = await db
    .select(OWNED_CALENDAR_COLUMNS)
    .from(calendars)
    .where(eq(calendars.ownerId, userId))
    .orderBy(desc(calendars.createdAt));
  const blockers = await findDeletionBlockers(db, owned, locale);
  return { canDelete: blockers.length === 0, blockers };
}

/**
 * The one rule of what keeps an account: money that is still the calendars' or on its way. An
 * active calendar holding gifts (or with one being paid) must be closed first, with a payout or
 * refunds; an ended calendar waits for its payout, its refunds and payments still in progress; a
 * failed payout waits for support. Drafts and calendars without money never block.
 */
async function findDeletionBlockers(db: Db, owned: OwnedCalendar[], locale: Locale): Promise<AccountDeletionBlocker[]> {
  if (owned.length === 0) return [];
  const ids = owned.map((calendar) => calendar.id);
  const cutoff = new Date(Date.now() - PAYMENT_IN_PROGRESS_MS).toISOString();
  const collected = sql`${payments.purpose} = 'gift' and ${payments.status} = 'succeeded' and ${payments.refundDueAt} is null`;
  const refundDue = sql`${payments.status} = 'succeeded' and ${payments.refundDueAt} is not null`;
  const [money, payoutRows] = await Promise.all([
    db
      .select({
        calendarId: payments.calendarId,
        giftCount: sql<number>`count(*) filter (where ${collected})`.mapWith(Number),
        giftAmount: sql<number>`coalesce(sum(${payments.amount}) filter (where ${collected}), 0)`.mapWith(Number),
        refundCount: sql<number>`count(*) filter (where ${refundDue})`.mapWith(Number),
        refundAmount: sql<number>`coalesce(sum(${payments.amount}) filter (where ${refundDue}), 0)`.mapWith(Number),
        inProgress:
          sql<number>`count(*) filter (where ${payments.status} in ('pending', 'processing') and ${payments.createdAt} >= ${cutoff}::timestamptz)`.mapWith(
            Number,
          ),
      })
      .from(payments)
      .where(inArray(payments.calendarId, ids))
      .groupBy(payments.calendarId),
    db
      .select()
      .from(payouts)
      .where(and(inArray(payouts.calendarId, ids), inArray(payouts.status, ['pending', 'failed']))),
  ]);

  const blockers: AccountDeletionBlocker[] = [];
  for (const calendar of owned) {
    const figures = money.find((row) => row.calendarId === calendar.id);
    const payout = payoutRows.find((row) => row.calendarId === calendar.id);
    // All of a calendar's money is in its currency.
    const { currency } = calendar;
    const gifts = { count: figures?.giftCount ?? 0, amount: figures?.giftAmount ?? 0, currency };
    const refunds = { count: figures?.refundCount ?? 0, amount: figures?.refundAmount ?? 0, currency };
    const paymentsInProgress = figures?.inProgress ?? 0;
    const moneyMoving = refunds.count > 0 || paymentsInProgress > 0;
    let reason: AccountDeletionBlockerReason | undefined;
    if (calendar.status === 'active') {
      if (gifts.count > 0 || moneyMoving) reason = 'close_first';
    } else if (payout?.status === 'failed') reason = 'payout_failed';
    else if (calendar.status === 'draft') {
      if (moneyMoving) reason = 'payment_in_progress';
    } else if (payout?.status === 'pending' || moneyMoving) reason = 'settling';
    // Announced with the page open for welcome gifts (decision 026): the payout comes at its end.
    else if (calendar.status === 'announced' && !payout && gifts.count > 0) reason = 'settling';
    if (!reason) continue;
    blockers.push({
      calendarId: calendar.id,
      title: getCalendarTitle(calendar, locale),
      reason,
      gifts,
      refunds,
      paymentsInProgress,
      payout: payout
        ? {
            amount: payout.amount,
            currency,
            status: payout.status as 'pending' | 'failed',
            ...(payout.failureReason ? { failureReason: payout.failureReason } : {}),
          }
        : null,
    });
  }
  return blockers;
}

/**
 * Deletes the signed-in account once it is confirmed (the password; for an account without one,
 * the typed DELETE and a sign-in within 10 minutes) and its calendars' money has settled.
 *
 * One transaction: the owner's calendar rows are locked `FOR UPDATE`. A new gift takes a share lock
 * on its calendar in its own transaction, a payout's outcome and a late gift's check lock it too,
 * so nothing can start or land between the re-check of the blockers and the delete. Then the user
 * row goes, and with it (cascades) sessions, sign-in accounts, profile, calendars, contributions
 * and announcements. Money rows (payments, payouts, ledger, the sandbox processor's records) stay
 * for the 7 years the privacy notice promises, with `calendar_id` set null: they hold no name,
 * e-mail or full IBAN. Personal data that would outlive the user elsewhere is removed here.
 */
export async function deleteAccount(
  context: AppContext,
  signedIn: SignedIn,
  headers: Headers,
  input: DeleteAccountRequest,
): Promise<void> {
  const userId = signedIn.user.id;
  if (!(await hasPassword(context, userId)) && input.confirm !== 'DELETE') {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { confirm: 'Type DELETE to confirm.' },
    });
  }
  await requireRecentAuthentication(context, headers, signedIn, input.password);
  await deleteAccountAfterSettlement(context, userId);
}

/**
 * The one safe way an account goes, whoever asks (its owner, or the retention schedule after 3
 * years of inactivity): throws `account_has_open_calendars` (409) while its money is not settled.
 */
export async function deleteAccountAfterSettlement(context: AppContext, userId: string): Promise<void> {
  const deletedCalendarIds = await context.db.transaction(async (tx) => {
    const owned = await tx
      .select(OWNED_CALENDAR_COLUMNS)
      .from(calendars)
      .where(eq(calendars.ownerId, userId))
      .orderBy(desc(calendars.createdAt))
      .for('update');
    // The error's message is English.
    const blockers = await findDeletionBlockers(tx, owned, 'en');
    if (blockers.length > 0) {
      const titles = blockers.map((blocker) => `“${blocker.title}”`).join(', ');
      throw new AppError(
        'account_has_open_calendars',
        `The money on these calendars must be settled before your account can be deleted: ${titles}.`,
        409,
      );
    }
    const ids = owned.map((calendar) => calendar.id);
    if (ids.length > 0) {
      // Abandoned payments (see PAYMENT_IN_PROGRESS_MS): refunded by the reconciler if they ever succeed.
      await tx
        .update(payments)
        .set({ refundDueAt: new Date() })
        .where(
          and(
            inArray(payments.calendarId, ids),
            inArray(payments.status, ['pending', 'processing']),
            isNull(payments.refundDueAt),
          ),
        );
    }
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (account) await removeLeftoverPersonalData(tx, userId, account.email);
    await tx.delete(user).where(eq(user.id, userId));
    return ids;
  });

  for (const id of deletedCalendarIds) context.publicCalendars.invalidate(id);
  context.logger.info({ userId }, 'account deleted');
}

/**
 * What the cascades do not reach: every e-mail to the user in the outbox (sign-in links, receipts,
 * confirmations, even unsent ones: there is no account to open them with), their support requests
 * once delivered to support, and better-auth's pending tokens (password reset) for the user.
 */
async function removeLeftoverPersonalData(db: Db, userId: string, email: string): Promise<void> {
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`);
  await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, SITE.supportEmail),
        inArray(mailOutbox.status, ['sent', 'failed']),
        sql`lower(${mailOutbox.headers}::jsonb ->> 'Reply-To') = ${email.toLowerCase()}`,
      ),
    );
  await db.delete(verification).where(eq(verification.value, userId));
}
