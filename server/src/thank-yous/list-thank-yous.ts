import type { ThankYouList, ThankYouParticipant } from '@firstday/common/thank-yous';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getParticipantMailTopic } from '../announcements/closing.ts';
import type { AnnouncementRow } from '../announcements/schema.ts';
import { contributions } from '../contributions/schema.ts';
import type { Db } from '../lib/db.ts';
import { mailOutbox, mailSuppressions } from '../lib/mail/schema.ts';
import { thankYouNotes } from './schema.ts';
import { getThankYouClosedReason } from './thank-you-window.ts';
import { isThankableOn } from './thankable.ts';

/** The outbox topic of a calendar's thank-you notes. */
export function getThankYouMailTopic(calendarId: string): string {
  return `thank-you:${calendarId}`;
}

/** The outbox key of one note: one e-mail per contribution, whoever sends it and however often. */
export function getThankYouMailKey(contributionId: string): string {
  return `thank-you:${contributionId}`;
}

/**
 * The owner's thank-you list: every confirmed contribution, oldest first, with its note when
 * written, and whether an e-mail of this calendar's end (the celebration or notice, or a note)
 * to the address failed for good (the mail worker's truth in the outbox).
 */
export async function listThankYous(
  db: Db,
  calendarId: string,
  announcement: AnnouncementRow | undefined,
): Promise<ThankYouList> {
  const rows = await db
    .select({
      contributionId: contributions.id,
      name: contributions.name,
      email: contributions.email,
      guessedDate: contributions.guessedDate,
      wish: contributions.wish,
      removedAt: contributions.removedAt,
      giftAmount: contributions.giftAmount,
      currency: contributions.currency,
      thankedAt: thankYouNotes.createdAt,
      message: thankYouNotes.message,
    })
    .from(contributions)
    .leftJoin(thankYouNotes, eq(thankYouNotes.contributionId, contributions.id))
    .where(isThankableOn(calendarId))
    .orderBy(asc(contributions.createdAt), asc(contributions.id));

  const topics = [getThankYouMailTopic(calendarId)];
  if (announcement) topics.push(getParticipantMailTopic(announcement));
  const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
  const [failed, suppressed] =
    emails.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectDistinct({ to: mailOutbox.to })
            .from(mailOutbox)
            .where(and(inArray(mailOutbox.topic, topics), eq(mailOutbox.status, 'failed'))),
          db
            .select({ email: mailSuppressions.email })
            .from(mailSuppressions)
            .where(inArray(mailSuppressions.email, emails)),
        ]);
  const bounced = new Set(failed.map((row) => row.to.toLowerCase()));
  const unsubscribed = new Set(suppressed.map((row) => row.email));

  const participants: ThankYouParticipant[] = rows.map((row) => ({
    contributionId: row.contributionId,
    name: row.name,
    email: row.email,
    guessedDate: row.removedAt ? null : row.guessedDate,
    wish: row.wish,
    giftAmount: row.giftAmount,
    currency: row.currency,
    thankedAt: row.thankedAt ? row.thankedAt.toISOString() : null,
    message: row.message,
    bounced: bounced.has(row.email.toLowerCase()),
    unsubscribed: unsubscribed.has(row.email.toLowerCase()),
  }));
  const closedReason = getThankYouClosedReason(announcement);
  return {
    open: closedReason === null,
    closedReason,
    babyName: announcement?.babyName ?? null,
    participants,
    progress: {
      thanked: participants.filter((participant) => participant.thankedAt !== null).length,
      total: participants.length,
    },
  };
}
