import { randomUUID } from 'node:crypto';
import type { Locale } from '@firstday/common/locales';
import { fillThankYouName } from '@firstday/common/thank-yous';
import type { AnnouncementRow } from '../announcements/schema.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { getEmailPhotoUrl } from '../emails/layout.ts';
import { createThankYouNoteEmail } from '../emails/thank-yous.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { getThankYouMailKey, getThankYouMailTopic } from './list-thank-yous.ts';
import { thankYouNotes } from './schema.ts';

/** A participant's contribution; its `locale` is the language of the note's frame. */
export type ThankYouRecipient = { id: string; name: string; email: string; locale: Locale };

/** The baby's photo in e-mails: the image route's 640 px JPEG (images feature). */

/**
 * Records one note and queues its e-mail, inside the caller's transaction. The note is unique per
 * contribution (`insert … on conflict do nothing`): when two requests race, the second waits for
 * the first's commit and records nothing, so only the writer of the note queues the e-mail (keyed
 * per contribution as well). `mail: false` records the note only (the same person's other guess,
 * already e-mailed in this batch). Returns false when the participant was already thanked.
 */
export async function recordThankYou(
  tx: Db,
  env: Pick<Env, 'APP_URL' | 'APP_SECRETS'>,
  calendar: CalendarRow,
  announcement: AnnouncementRow,
  recipient: ThankYouRecipient,
  template: string,
  { mail = true }: { mail?: boolean } = {},
): Promise<boolean> {
  const message = fillThankYouName(template, recipient.name);
  const [note] = await tx
    .insert(thankYouNotes)
    .values({ id: randomUUID(), calendarId: calendar.id, contributionId: recipient.id, message })
    .onConflictDoNothing({ target: thankYouNotes.contributionId })
    .returning({ id: thankYouNotes.id });
  if (!note) return false;
  if (!mail) return true;
  await enqueueMail(tx, {
    to: recipient.email,
    dedupeKey: getThankYouMailKey(recipient.id),
    topic: getThankYouMailTopic(calendar.id),
    suppressible: true,
    ...(await createThankYouNoteEmail({
      appUrl: env.APP_URL,
      locale: recipient.locale,
      calendar: {
        title: getCalendarTitle(calendar, recipient.locale),
        slug: calendar.slug,
        firstName: calendar.firstName,
        background: calendar.background,
      },
      name: recipient.name,
      message,
      babyName: announcement.babyName,
      babyImageUrl: announcement.babyImageId ? getEmailPhotoUrl(env.APP_URL, announcement.babyImageId) : null,
      unsubscribeUrl: createUnsubscribeUrl(env, recipient.email),
    })),
  });
  return true;
}
