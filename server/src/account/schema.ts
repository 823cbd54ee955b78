import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';

/** Account settings beyond what better-auth keeps in `user`. One row per user, created on first save. */
export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** AES-256-GCM ciphertext (see lib/secret-box.ts); never stored or logged in clear. */
  ibanEncrypted: text('iban_encrypted'),
  /** 'DE89 •••• •••• •••• 3000', shown back without decrypting. */
  ibanMasked: text('iban_masked'),
  /** Minor units of `savingsGoalCurrency`; both null without a goal. */
  savingsGoalAmount: integer('savings_goal_amount'),
  savingsGoalCurrency: text('savings_goal_currency', { enum: ['usd', 'eur', 'gbp'] }),
  hideSenderNamesDefault: boolean('hide_sender_names_default').notNull().default(false),
  hideTotalDefault: boolean('hide_total_default').notNull().default(true),
  /** An e-mail for each paid gift ('Tom sent $35 and a wish'); on unless turned off in Settings. */
  giftNotifications: boolean('gift_notifications').notNull().default(true),
  /** The signed-in area's and the owner's e-mails' language; null until first known (then English). */
  locale: text('locale', { enum: ['en', 'de', 'ru'] }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When an account was last used (a sign-in, or a session refreshed by a visit), and whether its
 * owner was told it will be deleted for inactivity (privacy/inactive-accounts.ts). Sessions alone
 * cannot say: expired ones are deleted. Accounts older than this table have no row until used:
 * their sign-up and live sessions count instead.
 */
export const accountActivity = pgTable('account_activity', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  /** When the inactivity warning was queued; cleared by any later activity. */
  inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true }),
});
