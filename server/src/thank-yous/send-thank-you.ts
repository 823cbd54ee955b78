import { isUuid } from '@firstday/common/uuid';
import { and, eq } from 'drizzle-orm';
import { findAnnouncement } from '../announcements/announcement-service.ts';
import type { AppContext } from '../app-context.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { contributions } from '../contributions/schema.ts';
import { AppError } from '../lib/errors.ts';
import { recordThankYou } from './record-thank-you.ts';
import { assertThankYousOpen } from './thank-you-window.ts';
import { isThankableOn, thankYouRecipientColumns } from './thankable.ts';

/**
 * One personal note to one participant (a confirmed contribution of the owner's calendar). A
 * participant already thanked gets nothing more: the answer says 0 were sent.
 */
export async function sendThankYou(
  context: AppContext,
  calendar: CalendarRow,
  contributionId: string,
  message: string,
): Promise<number> {
  const announcement = assertThankYousOpen(await findAnnouncement(context.db, calendar.id));
  if (!isUuid(contributionId)) throw AppError.notFound('There is no participant at this address.');
  const [recipient] = await context.db
    .select(thankYouRecipientColumns)
    .from(contributions)
    .where(and(eq(contributions.id, contributionId), isThankableOn(calendar.id)));
  if (!recipient) throw AppError.notFound('There is no participant at this address.');
  const sent = await context.db.transaction((tx) =>
    recordThankYou(tx, context.env, calendar, announcement, recipient, message),
  );
  if (sent) context.wakeMailWorker();
  return sent ? 1 : 0;
}
