import { randomUUID } from 'node:crypto';
import {
  DECLINED_CONTRIBUTION_RETENTION,
  GUEST_CONTACT_RETENTION,
  getRetentionCutoff,
  MAIL_LOG_RETENTION,
  NEWSLETTER_LEFTOVER_RETENTION,
  PAYMENT_CLIENT_KEY_RETENTION,
  TRANSACTION_RETENTION,
} from '@firstday/common/retention-schedule';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { announcements } from '../announcements/schema.ts';
import type { AppContext } from '../app-context.ts';
import { pendingSignUps, session, verification } from '../auth/schema.ts';
import { ERASED_EMAIL_PREFIX, ERASED_GUEST_DETAILS, hasGuestContact } from '../contributions/guest-contact.ts';
import { contributions } from '../contributions/schema.ts';
import type { Db } from '../lib/db.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { ERASED_MAIL_BODY } from '../lib/mail/worker.ts';
import { newsletterSubscribers } from '../newsletter/schema.ts';
import { payments, payouts, sandboxAccounts, sandboxCharges, sandboxTransfers } from '../payments/schema.ts';
import { applyInactiveAccountRules } from './inactive-accounts.ts';

export const RETENTION_JOB = 'retention-schedule';

/** Rows changed per statement: each is its own short transaction, so an interrupted run loses nothing. */
export const RETENTION_BATCH_SIZE = 500;

/**
 * Applies the retention schedule (common/src/retention-schedule.ts) at `now`: erases or deletes
 * what has outlived its period. Every step picks only rows that still hold the data, so a run
 * interrupted anywhere and run again does the rest, and a second run does nothing.
 */
export async function applyRetentionSchedule(context: AppContext, now = new Date()): Promise<Record<string, number>> {
  const { db } = context;
  return {
    guestContactsErased: await eraseEndedGuestContacts(db, now),
    declinedContributionsErased: await eraseDeclinedContributions(db, now),
    mailBodiesErased: await eraseSentMailBodies(db),
    mailLogsDeleted: await deleteOldMailLogs(db, now),
    sessionsDeleted: await deleteExpired(db, session, session.id, session.expiresAt, now),
    verificationsDeleted: await deleteExpired(db, verification, verification.id, verification.expiresAt, now),
    pendingSignUpsDeleted: await deleteExpired(
      db,
      pendingSignUps,
      pendingSignUps.tokenHash,
      pendingSignUps.expiresAt,
      now,
    ),
    newsletterAddressesDeleted: await deleteNewsletterLeftovers(db, now),
    paymentClientKeysErased: await erasePaymentClientKeys(db, now),
    transactionsAnonymised: await anonymiseOldTransactions(db, now),
    ...(await applyInactiveAccountRules(context, now)),
  };
}

/** Runs `batch` (one statement over at most RETENTION_BATCH_SIZE rows) until it changes fewer; returns the total. */
async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = await batch();
    total += changed;
    if (changed < RETENTION_BATCH_SIZE) return total;
  }
}

/**
 * Guests' addresses and edit links, 12 months after their calendar's end. Each address becomes a
 * pseudonym that is the same for one guest's contributions to one calendar (the page still counts
 * its participants) and tells nothing: it is made from a salt forgotten at once. One calendar per
 * statement, so a guest's rows never get two pseudonyms.
 */
async function eraseEndedGuestContacts(db: Db, now: Date): Promise<number> {
  const cutoff = getRetentionCutoff(now, GUEST_CONTACT_RETENTION);
  const ended = or(
    lt(announcements.welcomeGiftsClosedAt, cutoff),
    and(isNull(announcements.welcomeGiftsUntil), lt(announcements.createdAt, cutoff)),
  );
  const due = await db
    .selectDistinct({ id: contributions.calendarId })
    .from(contributions)
    .innerJoin(announcements, eq(announcements.calendarId, contributions.calendarId))
    .where(and(hasGuestContact, ended));
  let erased = 0;
  for (const { id } of due) {
    const rows = await db
      .update(contributions)
      .set({
        email: sql`${ERASED_EMAIL_PREFIX} || md5(${randomUUID()} || ${contributions.email})`,
        editTokenHash: null,
      })
      .where(and(eq(contributions.calendarId, id), hasGuestContact))
      .returning({ id: contributions.id });
    erased += rows.length;
  }
  return erased;
}

/** A declined gift's sender, address, wish and edit link, a week after the decline. */
function eraseDeclinedContributions(db: Db, now: Date): Promise<number> {
  const cutoff = getRetentionCutoff(now, DECLINED_CONTRIBUTION_RETENTION);
  return updateInBatches(
    db,
    contributions,
    contributions.id,
    and(eq(contributions.status, 'failed'), lt(contributions.updatedAt, cutoff), hasGuestContact)!,
    ERASED_GUEST_DETAILS,
  );
}

/**
 * The mail worker erases a body in the write that marks it sent or failed (lib/mail/worker.ts);
 * this catches the rows sent before it did.
 */
function eraseSentMailBodies(db: Db): Promise<number> {
  return updateInBatches(
    db,
    mailOutbox,
    mailOutbox.id,
    and(
      inArray(mailOutbox.status, ['sent', 'failed']),
      or(ne(mailOutbox.text, ''), ne(mailOutbox.html, ''), sql`${mailOutbox.headers} like '%List-Unsubscribe%'`),
    )!,
    ERASED_MAIL_BODY,
  );
}

/** Delivery records (address, subject, outcome), 12 months after the e-mail was sent or given up. */
function deleteOldMailLogs(db: Db, now: Date): Promise<number> {
  const cutoff = getRetentionCutoff(now, MAIL_LOG_RETENTION);
  return deleteInBatches(
    db,
    mailOutbox,
    mailOutbox.id,
    and(
      inArray(mailOutbox.status, ['sent', 'failed']),
      or(lt(mailOutbox.sentAt, cutoff), and(isNull(mailOutbox.sentAt), lt(mailOutbox.createdAt, cutoff))),
    )!,
  );
}

function deleteExpired(db: Db, table: PgTable, id: PgColumn, expiresAt: PgColumn, now: Date): Promise<number> {
  return deleteInBatches(db, table, id, lt(expiresAt, now));
}

function updateInBatches<T extends PgTable>(
  db: Db,
  table: T,
  id: PgColumn,
  where: SQL,
  values: PgUpdateSetSource<T>,
): Promise<number> {
  return inBatches(async () => {
    const due = db
      .select({ id })
      .from(table as PgTable)
      .where(where)
      .limit(RETENTION_BATCH_SIZE);
    const rows = await db.update(table).set(values).where(inArray(id, due)).returning({ id });
    return rows.length;
  });
}

function deleteInBatches(db: Db, table: PgTable, id: PgColumn, where: SQL): Promise<number> {
  return inBatches(async () => {
    const due = db.select({ id }).from(table).where(where).limit(RETENTION_BATCH_SIZE);
    const rows = await db.delete(table).where(inArray(id, due)).returning({ id });
    return rows.length;
  });
}

/** Addresses never confirmed, or unsubscribed, a month later (an old confirmation link then finds nothing). */
function deleteNewsletterLeftovers(db: Db, now: Date): Promise<number> {
  const cutoff = getRetentionCutoff(now, NEWSLETTER_LEFTOVER_RETENTION);
  return deleteInBatches(
    db,
    newsletterSubscribers,
    newsletterSubscribers.id,
    or(
      and(eq(newsletterSubscribers.status, 'pending'), lt(newsletterSubscribers.createdAt, cutoff)),
      and(eq(newsletterSubscribers.status, 'unsubscribed'), lt(newsletterSubscribers.unsubscribedAt, cutoff)),
    )!,
  );
}

/** The keyed hash of a payer's IP counts declines for a day at most (decision 022); kept a week. */
function erasePaymentClientKeys(db: Db, now: Date): Promise<number> {
  const cutoff = getRetentionCutoff(now, PAYMENT_CLIENT_KEY_RETENTION);
  return updateInBatches(
    db,
    payments,
    payments.id,
    and(isNotNull(payments.clientKey), lt(payments.createdAt, cutoff))!,
    {
      clientKey: null,
    },
  );
}

/**
 * Money records after 7 years: what ties them to a person (the card's last digits, the payer, the
 * provider's records, a bank account's masked number) goes; amounts, currencies, dates and
 * statuses stay for the accounts.
 */
async function anonymiseOldTransactions(db: Db, now: Date): Promise<number> {
  const cutoff = getRetentionCutoff(now, TRANSACTION_RETENTION);
  const paymentRows = await updateInBatches(
    db,
    payments,
    payments.id,
    and(
      lt(payments.createdAt, cutoff),
      or(isNotNull(payments.cardLast4), isNotNull(payments.payerAccountId), isNotNull(payments.providerRef)),
    )!,
    { cardLast4: null, payerAccountId: null, providerRef: null, clientKey: null },
  );
  const payoutRows = await db
    .update(payouts)
    .set({ providerRef: null, failureReason: null })
    .where(and(lt(payouts.createdAt, cutoff), or(isNotNull(payouts.providerRef), isNotNull(payouts.failureReason))))
    .returning({ id: payouts.id });
  // The sandbox processor's own records, like a real processor's.
  await db
    .update(sandboxCharges)
    .set({ cardLast4: null, metadata: null })
    .where(
      and(
        lt(sandboxCharges.createdAt, cutoff),
        or(isNotNull(sandboxCharges.cardLast4), isNotNull(sandboxCharges.metadata)),
      ),
    );
  await db
    .update(sandboxTransfers)
    .set({ destination: '' })
    .where(and(lt(sandboxTransfers.createdAt, cutoff), ne(sandboxTransfers.destination, '')));
  await db
    .update(sandboxAccounts)
    .set({ destination: '' })
    .where(and(lt(sandboxAccounts.createdAt, cutoff), ne(sandboxAccounts.destination, '')));
  return paymentRows + payoutRows.length;
}
