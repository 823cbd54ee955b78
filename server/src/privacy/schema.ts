import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';

/**
 * When an account was last used (a sign-in, or a session refreshed on a visit), and whether its
 * owner was told that it will be deleted for inactivity (inactive-accounts.ts). Sessions alone
 * cannot say: expired ones are deleted. Accounts older than this table have no row: their sign-up
 * and live sessions count instead.
 */
export const accountActivity = pgTable('account_activity', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  /** When the inactivity warning was queued; cleared by any later activity. */
  inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true }),
});
