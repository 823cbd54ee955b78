import { boolean, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calendars } from '../calendars/schema.ts';
import { images } from '../images/schema.ts';

/**
 * The end of a calendar: a birth announcement or a sensitive close. Unique per calendar, so two
 * concurrent requests record one end and the loser answers it.
 */
export const announcements = pgTable('announcements', {
  id: uuid('id').primaryKey(),
  calendarId: uuid('calendar_id')
    .notNull()
    .unique()
    .references(() => calendars.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['announcement', 'close'] }).notNull(),
  birthDate: date('birth_date', { mode: 'string' }),
  thankYouMessage: text('thank_you_message'),
  /** Announcement only, all optional: the baby's name, photo, time of birth (minutes after midnight) and weight. */
  babyName: text('baby_name'),
  babyImageId: uuid('baby_image_id').references(() => images.id, { onDelete: 'set null' }),
  birthTimeMinutes: integer('birth_time_minutes'),
  birthWeightGrams: integer('birth_weight_grams'),
  /** Close only: what happens to the gifts collected so far. */
  gifts: text('gifts', { enum: ['pay_out', 'refund'] }).notNull(),
  notifyParticipants: boolean('notify_participants').notNull(),
  noticeMessage: text('notice_message'),
  /**
   * Announcement only: the page takes welcome gifts (no guesses) until then, and the payout waits
   * for the window's end (decision 026, 'Welcome gifts after the birth'). Null: paid out at once.
   */
  welcomeGiftsUntil: timestamp('welcome_gifts_until', { withTimezone: true }),
  /** When the welcome window ended (its time, or the parents' 'Pay out now') and the payout was fixed. */
  welcomeGiftsClosedAt: timestamp('welcome_gifts_closed_at', { withTimezone: true }),
  /** Participant e-mails queued at the end (celebrations or neutral notices). */
  emailsQueued: integer('emails_queued').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AnnouncementRow = typeof announcements.$inferSelect;
