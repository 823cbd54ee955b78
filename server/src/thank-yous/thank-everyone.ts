import { and, asc, eq, isNull } from 'drizzle-orm';
import { findAnnouncement } from '../announcements/announcement-service.ts';
import type { AppContext } from '../app-context.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { contributions } from '../contributions/schema.ts';
import { recordThankYou } from './record-thank-you.ts';
import { thankYouNotes } from './schema.ts';
import { assertThankYousOpen } from './thank-you-window.ts';
import { isThankableOn, thankYouRecipientColumns } from './thankable.ts';

/**
 * One note to every participant not yet thanked, `{name}` filled per participant, in ONE
 * transaction: all are recorded and queued, or none. A participant thanked meanwhile (a single
 * note racing this one) is skipped by the note's uniqueness. Someone who guessed twice with one
 * address has both guesses thanked by one e-mail (to the name of their first). Returns how many
 * notes were recorded now.
 */
export async function thankEveryone(context: AppContext, calendar: CalendarRow, message: string): Promise<number> {
  const announcement = assertThankYousOpen(await findAnnouncement(context.db, calendar.id));
  const sent = await context.db.transaction(async (tx) => {
    const recipients = await tx
      .select(thankYouRecipientColumns)
      .from(contributions)
      .leftJoin(thankYouNotes, eq(thankYouNotes.contributionId, contributions.id))
      .where(and(isThankableOn(calendar.id), isNull(thankYouNotes.id)))
      .orderBy(asc(contributions.createdAt), asc(contributions.id));
    let count = 0;
    const mailed = new Set<string>();
    for (const recipient of recipients) {
      const address = recipient.email.toLowerCase();
      const mail = !mailed.has(address);
      if (await recordThankYou(tx, context.env, calendar, announcement, recipient, message, { mail })) {
        count++;
        mailed.add(address);
      }
    }
    return count;
  });
  if (sent > 0) context.wakeMailWorker();
  return sent;
}
