import { DEFAULT_LOCALE } from '@firstday/common/locales';
import {
  getRetentionCutoff,
  INACTIVE_ACCOUNT_RETENTION,
  INACTIVITY_WARNING_DAYS,
  UNVERIFIED_ACCOUNT_RETENTION,
} from '@firstday/common/retention-schedule';
import { and, asc, eq, exists, gt, gte, isNotNull, lt, lte, max, notExists, type SQL } from 'drizzle-orm';
import { findAccountLocale } from '../account/account-locale.ts';
import { deleteAccountAfterSettlement } from '../account/delete-account.ts';
import { accountActivity } from '../account/schema.ts';
import type { AppContext } from '../app-context.ts';
import { session, user } from '../auth/schema.ts';
import { createInactivityWarningEmail } from '../emails/account.ts';
import { AppError } from '../lib/errors.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';

const DAY_MS = 24 * 60 * 60_000;
const ACCOUNT_BATCH_SIZE = 100;

/**
 * Accounts nobody used for 3 years: warned once by e-mail 30 days before, then deleted the way an
 * owner deletes theirs (money settled first; one still settling is tried again the next day).
 * Accounts whose address was never confirmed go after 30 days, unwarned: they cannot sign in.
 * Using an account (account-activity.ts) clears its warning.
 */
export async function applyInactiveAccountRules(context: AppContext, now: Date): Promise<Record<string, number>> {
  const deleteBefore = getRetentionCutoff(now, INACTIVE_ACCOUNT_RETENTION);
  const warnBefore = new Date(deleteBefore.getTime() + INACTIVITY_WARNING_DAYS * DAY_MS);
  const inactivityWarned = await warnInactiveAccounts(context, now, warnBefore);

  const warnedLongEnough = exists(
    context.db
      .select({ userId: accountActivity.userId })
      .from(accountActivity)
      .where(
        and(
          eq(accountActivity.userId, user.id),
          lte(accountActivity.inactivityWarnedAt, new Date(now.getTime() - INACTIVITY_WARNING_DAYS * DAY_MS)),
        ),
      ),
  );
  const inactive = await deleteAccounts(context, and(unusedSince(context, deleteBefore), warnedLongEnough)!);
  const unverified = await deleteAccounts(
    context,
    and(eq(user.emailVerified, false), lt(user.createdAt, getRetentionCutoff(now, UNVERIFIED_ACCOUNT_RETENTION)))!,
  );
  return {
    inactivityWarned,
    inactiveAccountsDeleted: inactive.deleted,
    unverifiedAccountsDeleted: unverified.deleted,
    accountDeletionsWaitingForMoney: inactive.blocked + unverified.blocked,
  };
}

/** Accounts not signed up, changed, signed in to or visited since `since`. */
function unusedSince(context: AppContext, since: Date): SQL {
  const { db } = context;
  return and(
    lt(user.createdAt, since),
    lt(user.updatedAt, since),
    notExists(
      db
        .select({ userId: accountActivity.userId })
        .from(accountActivity)
        .where(and(eq(accountActivity.userId, user.id), gte(accountActivity.lastActiveAt, since))),
    ),
    notExists(
      db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.userId, user.id), gte(session.updatedAt, since))),
    ),
  )!;
}

async function warnInactiveAccounts(context: AppContext, now: Date, warnBefore: Date): Promise<number> {
  const { db } = context;
  const warning = db
    .select({ userId: accountActivity.userId })
    .from(accountActivity)
    .where(and(eq(accountActivity.userId, user.id), isNotNull(accountActivity.inactivityWarnedAt)));
  let warned = 0;
  for (;;) {
    const due = await db
      .select({ id: user.id, name: user.name, email: user.email, createdAt: user.createdAt, updatedAt: user.updatedAt })
      .from(user)
      .where(and(eq(user.emailVerified, true), unusedSince(context, warnBefore), notExists(warning))!)
      .limit(ACCOUNT_BATCH_SIZE);
    for (const account of due) {
      const lastActiveAt = await findLastActivity(context, account);
      const deletionDate = new Date(
        Math.max(
          lastActiveAt.getTime() + (now.getTime() - getRetentionCutoff(now, INACTIVE_ACCOUNT_RETENTION).getTime()),
          now.getTime() + INACTIVITY_WARNING_DAYS * DAY_MS,
        ),
      );
      const email = await createInactivityWarningEmail({
        appUrl: context.env.APP_URL,
        locale: (await findAccountLocale(db, account.id)) ?? DEFAULT_LOCALE,
        name: account.name,
        email: account.email,
        inactiveYears: INACTIVE_ACCOUNT_RETENTION.years,
        deletionDate,
        daysLeft: Math.round((deletionDate.getTime() - now.getTime()) / DAY_MS),
      });
      // The warning and its record in one transaction: a rerun neither repeats nor loses it.
      await db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: account.email,
          dedupeKey: `inactivity-warning:${account.id}:${lastActiveAt.toISOString()}`,
          ...email,
        });
        await tx
          .insert(accountActivity)
          .values({ userId: account.id, lastActiveAt, inactivityWarnedAt: now })
          .onConflictDoUpdate({ target: accountActivity.userId, set: { inactivityWarnedAt: now } });
      });
      warned++;
    }
    if (due.length > 0) context.wakeMailWorker();
    if (due.length < ACCOUNT_BATCH_SIZE) return warned;
  }
}

async function findLastActivity(
  context: AppContext,
  account: { id: string; createdAt: Date; updatedAt: Date },
): Promise<Date> {
  const [[activity], [sessions]] = await Promise.all([
    context.db
      .select({ at: accountActivity.lastActiveAt })
      .from(accountActivity)
      .where(eq(accountActivity.userId, account.id)),
    context.db
      .select({ at: max(session.updatedAt) })
      .from(session)
      .where(eq(session.userId, account.id)),
  ]);
  const times = [account.createdAt, account.updatedAt, activity?.at, sessions?.at].filter(
    (time): time is Date => time instanceof Date,
  );
  return new Date(Math.max(...times.map((time) => time.getTime())));
}

/** Deletes the accounts `where` selects, in id order; an account whose money is not settled is skipped. */
async function deleteAccounts(context: AppContext, where: SQL): Promise<{ deleted: number; blocked: number }> {
  let deleted = 0;
  let blocked = 0;
  let after = '';
  for (;;) {
    const due = await context.db
      .select({ id: user.id })
      .from(user)
      .where(and(where, gt(user.id, after)))
      .orderBy(asc(user.id))
      .limit(ACCOUNT_BATCH_SIZE);
    for (const { id } of due) {
      try {
        await deleteAccountAfterSettlement(context, id);
        deleted++;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'account_has_open_calendars')) throw error;
        blocked++;
      }
      after = id;
    }
    if (due.length < ACCOUNT_BATCH_SIZE) return { deleted, blocked };
  }
}
