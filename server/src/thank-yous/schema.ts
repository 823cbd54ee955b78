import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calendars } from '../calendars/schema.ts';
import { contributions } from '../contributions/schema.ts';

/**
 * The owner's personal thank-you to one participant. Unique per contribution, so a double click or
 * a 'thank everyone' racing a single note records (and e-mails) one note.
 */
export const thankYouNotes = pgTable(
  'thank_you_notes',
  {
    id: uuid('id').primaryKey(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    contributionId: uuid('contribution_id')
      .notNull()
      .unique()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('thank_you_notes_calendar_idx').on(table.calendarId)],
);

export type ThankYouNoteRow = typeof thankYouNotes.$inferSelect;
