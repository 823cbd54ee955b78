import { and, eq, isNull, max } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { findCalendarOwner } from '../calendars/calendar-owner.ts';
import { calendars } from '../calendars/schema.ts';
import { createWishDigestEmail } from '../emails/contributions.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { contributions } from './schema.ts';

export const DIGEST_MIN_INTERVAL_MS = 60 * 60_000;

/** Confirmed wishes without a gift that no digest covered yet (a gift has its own e-mail: contribution-receipt.ts). */
const undigested = and(
  eq(contributions.status, 'confirmed'),
  isNull(contributions.digestedAt),
  isNull(contributions.giftAmount),
);

/**
 * The creator's 'new wishes' e-mail: per calendar, at most one per hour. Each pass takes the
 * calendars with confirmed wishes (without a gift) no digest has covered; a calendar whose last digest is younger
 * than an hour waits. The calendar row is locked (SKIP LOCKED) for the pass, so several processes
 * never send the same digest, and the covered wishes are marked in the same transaction as the
 * queued e-mail. Wishes the creator already opened are marked but not listed.
 */
export async function sendWishDigests(
  context: Pick<AppContext, 'db' | 'env' | 'logger' | 'wakeMailWorker'>,
  now = new Date(),
): Promise<{ sent: number }> {
  const { db } = context;
  const pending = await db
    .selectDistinct({ calendarId: contributions.calendarId })
    .from(contributions)
    .where(undigested);
  let sent = 0;
  for (const { calendarId } of pending) {
    const queued = await db.transaction(async (tx) => {
      const [calendar] = await tx
        .select({ id: calendars.id })
        .from(calendars)
        .where(eq(calendars.id, calendarId))
        .for('update', { skipLocked: true });
      if (!calendar) return false;
      const [last] = await tx
        .select({ at: max(contributions.digestedAt) })
        .from(contributions)
        .where(eq(contributions.calendarId, calendarId));
      if (last?.at && now.getTime() - last.at.getTime() < DIGEST_MIN_INTERVAL_MS) return false;

      const covered = await tx
        .update(contributions)
        .set({ digestedAt: now })
        .where(and(eq(contributions.calendarId, calendarId), undigested))
        .returning();
      const unread = covered
        .filter((wish) => wish.readAt === null)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      if (unread.length === 0) return false;
      const owner = await findCalendarOwner(tx, calendarId);
      if (!owner) return false;
      return enqueueMail(tx, {
        to: owner.email,
        dedupeKey: `wish-digest:${calendarId}:${unread[0]!.id}`,
        suppressible: true,
        ...(await createWishDigestEmail({
          appUrl: context.env.APP_URL,
          locale: owner.locale,
          name: owner.name,
          calendar: owner.calendar,
          wishes: unread,
          unsubscribeUrl: createUnsubscribeUrl(context.env, owner.email),
        })),
      });
    });
    if (queued) sent++;
  }
  if (sent > 0) context.wakeMailWorker();
  return { sent };
}

/** The recurring background job (lib/jobs) that queues the creators' wish digests. */
export const WISH_DIGEST_JOB = 'wish-digest';
