import { AppError } from './errors.ts';

export type FailureThrottleRule = {
  /** Failures a key may have before it must wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one. */
  forgetAfterMs: number;
};

/**
 * Slows guessing down instead of locking anyone out: only failures count, a key past its free
 * failures must wait (doubling with each failure) before its next attempt, and a success forgets
 * the key. Keys are chosen by the caller so that a stranger's failures never make the rightful
 * owner wait (e.g. account + IP rather than the account alone). In this process's memory, like
 * the rate limits (docs/decisions/003-in-memory-rate-limits.md).
 */
export function createFailureThrottle(rule: FailureThrottleRule, now: () => number = Date.now) {
  const failures = new Map<string, { count: number; lastAt: number }>();

  function read(key: string) {
    const entry = failures.get(key);
    if (entry && now() - entry.lastAt >= rule.forgetAfterMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** How long `key` must still wait before its next attempt (0: it may go now). */
  function getWaitMs(key: string): number {
    const entry = read(key);
    if (!entry || entry.count < rule.freeFailures) return 0;
    const delay = Math.min(rule.baseDelayMs * 2 ** (entry.count - rule.freeFailures), rule.maxDelayMs);
    return Math.max(0, entry.lastAt + delay - now());
  }

  return {
    getWaitMs,
    /** Throws a 429 AppError with Retry-After while `key` has to wait. */
    assertAllowed(key: string): void {
      const waitMs = getWaitMs(key);
      if (waitMs > 0) {
        throw new AppError('rate_limited', 'Too many attempts. Please wait a moment and try again.', 429, {
          headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
        });
      }
    },
    recordFailure(key: string): void {
      const time = now();
      if (failures.size > 50_000) {
        for (const [staleKey, stale] of failures)
          if (time - stale.lastAt >= rule.forgetAfterMs) failures.delete(staleKey);
      }
      const entry = read(key);
      failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: time });
    },
    recordSuccess(key: string): void {
      failures.delete(key);
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
