import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background work, one row per job (lib/jobs/runner.ts, docs/decisions/017-background-jobs.md).
 * `name` picks the handler, `key` what it is about (a calendar id; '' for a recurring job), so a
 * job queued again while it waits stays one row. A server claims a due row with a lease in its
 * instance's name (lib/instance.ts), so exactly one server works each job.
 */
export const jobs = pgTable(
  'jobs',
  {
    name: text('name').notNull(),
    key: text('key').notNull().default(''),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counts each queuing: a one-off job queued again while it ran is kept for another run. */
    version: integer('version').notNull().default(0),
    /** Failed runs since the last success (the retry delay grows with it). */
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.name, table.key] }), index('jobs_run_at_idx').on(table.runAt)],
);
