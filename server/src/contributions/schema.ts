import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calendars } from '../calendars/schema.ts';
import { payments } from '../payments/schema.ts';

/**
 * One guess + wish (+ optional gift) on a shared calendar, or after the birth a welcome gift: a
 * wish and a gift without a guess. A wish without a gift is 'confirmed' at
 * once; with a gift it stays 'pending_payment' until the provider confirms the charge, and turns
 * 'failed' (never public) when the charge is declined.
 */
export const contributions = pgTable(
  'contributions',
  {
    id: uuid('id').primaryKey(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-case; only the creator and the contributor ever see it. */
    email: text('email').notNull(),
    /** Null for a welcome gift, sent after the birth was announced (no more guesses; decision 026). */
    guessedDate: date('guessed_date', { mode: 'string' }),
    wish: text('wish').notNull(),
    /** Minutes after midnight (0–1439), when the calendar asks for the time of birth. */
    guessedTimeMinutes: integer('guessed_time_minutes'),
    /** Always grams, whatever unit the guest typed in; when the calendar asks for the weight. */
    guessedWeightGrams: integer('guessed_weight_grams'),
    /** Minor units of `currency`; null without a gift. */
    giftAmount: integer('gift_amount'),
    /** The calendar's currency when the guest sent it (calendars.currency is fixed once the fee is paid). */
    currency: text('currency', { enum: ['usd', 'eur', 'gbp'] }).notNull(),
    /** The guest's page language when they sent it: their e-mails are written in it. */
    locale: text('locale', { enum: ['en', 'de', 'ru'] })
      .notNull()
      .default('en'),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status', { enum: ['pending_payment', 'confirmed', 'failed'] }).notNull(),
    /** When the creator opened the wish; null = 'New'. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the creator's digest e-mail covered it (null = not yet). Wishes with a gift have their own e-mail instead. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    /** When the parents hid the wish from the public page; it stays in their inbox and export. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * When the parents removed the wish for good: its text and guess are erased, the row stays so
     * that its gift still counts in the ledger, the totals and the payout.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** sha256 of the private edit link's token; set when the receipt is queued. */
    editTokenHash: text('edit_token_hash'),
    /** The browser's key for one submission: a retry answers the same contribution. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The public page and the owner's list: confirmed contributions of a calendar, newest first.
    index('contributions_calendar_status_created_idx').on(table.calendarId, table.status, table.createdAt, table.id),
    index('contributions_payment_idx').on(table.paymentId),
    index('contributions_undigested_idx')
      .on(table.calendarId)
      .where(sql`status = 'confirmed' and digested_at is null and gift_amount is null`),
  ],
);

export type ContributionRow = typeof contributions.$inferSelect;
