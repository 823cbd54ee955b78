import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters (lib/rate-limit.ts), in the columns rate-limiter-flexible's
 * Drizzle store reads and writes: `key` is the limiter's prefix and the caller's key, `expire`
 * the end of the window. Shared by every server on the database.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/** Failures per throttle and key (lib/failure-throttle.ts): how many, and when the last one was. */
export const failureThrottles = pgTable(
  'failure_throttles',
  {
    throttle: text('throttle').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: bigint('last_failure_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.throttle, table.key] }),
    index('failure_throttles_last_failure_idx').on(table.throttle, table.lastFailureAt),
  ],
);
