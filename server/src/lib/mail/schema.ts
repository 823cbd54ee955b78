import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Durable outbox: every e-mail is a row first, then the worker sends it. `dedupe_key` makes an
 * enqueue idempotent (the same logical e-mail is queued once however often the caller retries).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    dedupeKey: text('dedupe_key').unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, e.g. List-Unsubscribe, as a JSON object. */
    headers: text('headers'),
    /** The fan-out a mail belongs to (e.g. `celebration:<calendarId>`): counted together for the sender. */
    topic: text('topic'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The server instance holding the lease (lib/instance.ts): a dead one's leases are taken back at once. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_topic_idx').on(table.topic),
  ],
);

/** Addresses that unsubscribed: non-transactional mail (celebrations, notices, digests) skips them. */
export const mailSuppressions = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
