import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { hashKey } from './hash-key.ts';
import { failureThrottles } from './schema.ts';

export type FailureThrottleRule = {
  /** Failures a key may have before it must wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one. */
  forgetAfterMs: number;
};

/** How often one process deletes its throttle's forgotten rows (one indexed delete). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Slows guessing down instead of locking anyone out: only failures count, a key past its free
 * failures must wait (doubling with each failure) before its next attempt, and a success forgets
 * the key. Keys are chosen by the caller so that a stranger's failures never make the rightful
 * owner wait (e.g. account + IP rather than the account alone).
 *
 * The failures live in PostgreSQL (`failure_throttles`, one row per throttle and key, counted by
 * one atomic upsert), so every server on the database sees the same count: a guesser spreading
 * attempts over several servers gets no more tries than on one (decision 015). `name` tells the
 * throttles apart in the table; `now` is the clock (tests pass their own).
 */
export function createFailureThrottle(db: Db, name: string, rule: FailureThrottleRule, now: () => number = Date.now) {
  let lastSweepAt = Number.NEGATIVE_INFINITY;

  const forKey = (key: string) => and(eq(failureThrottles.throttle, name), eq(failureThrottles.key, hashKey(key)));

  /** How long `key` must still wait before its next attempt (0: it may go now). */
  async function getWaitMs(key: string): Promise<number> {
    const [entry] = await db
      .select({ failures: failureThrottles.failures, lastFailureAt: failureThrottles.lastFailureAt })
      .from(failureThrottles)
      .where(forKey(key));
    const time = now();
    if (!entry || time - entry.lastFailureAt >= rule.forgetAfterMs || entry.failures < rule.freeFailures) return 0;
    const delay = Math.min(rule.baseDelayMs * 2 ** (entry.failures - rule.freeFailures), rule.maxDelayMs);
    return Math.max(0, entry.lastFailureAt + delay - time);
  }

  /** Rows whose failures are forgotten are only read as 'none'; delete them now and then. */
  async function sweep(time: number): Promise<void> {
    if (time - lastSweepAt < SWEEP_INTERVAL_MS) return;
    lastSweepAt = time;
    await db
      .delete(failureThrottles)
      .where(and(eq(failureThrottles.throttle, name), lte(failureThrottles.lastFailureAt, time - rule.forgetAfterMs)));
  }

  return {
    getWaitMs,
    /** Throws a 429 AppError with Retry-After while `key` has to wait. */
    async assertAllowed(key: string): Promise<void> {
      const waitMs = await getWaitMs(key);
      if (waitMs > 0) {
        throw new AppError('rate_limited', 'Too many attempts. Please wait a moment and try again.', 429, {
          headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
        });
      }
    },
    async recordFailure(key: string): Promise<void> {
      const time = now();
      // One statement: concurrent failures on any server each add one.
      await db
        .insert(failureThrottles)
        .values({ throttle: name, key: hashKey(key), failures: 1, lastFailureAt: time })
        .onConflictDoUpdate({
          target: [failureThrottles.throttle, failureThrottles.key],
          set: {
            failures: sql`case when ${failureThrottles.lastFailureAt} <= ${time - rule.forgetAfterMs} then 1 else ${failureThrottles.failures} + 1 end`,
            lastFailureAt: time,
          },
        });
      await sweep(time);
    },
    async recordSuccess(key: string): Promise<void> {
      await db.delete(failureThrottles).where(forKey(key));
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
