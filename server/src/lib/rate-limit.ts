import type { MiddlewareHandler } from 'hono';
import { getClientIp } from './client-ip.ts';
import { AppError } from './errors.ts';

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Fixed-window counter per key, kept in this process's memory. One server process is the
 * deployment model for now (docs/decisions/003-in-memory-rate-limits.md); a shared store is the
 * step when the API runs on several processes.
 */
export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one hit for `key`; returns the seconds to wait when over the limit, else 0. */
  function count(key: string): number {
    const time = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      if (windows.size > 10_000) {
        for (const [staleKey, stale] of windows) if (stale.resetAt <= time) windows.delete(staleKey);
      }
      window = { count: 0, resetAt: time + rule.windowMs };
      windows.set(key, window);
    }
    window.count++;
    return window.count > rule.limit ? Math.max(1, Math.ceil((window.resetAt - time) / 1000)) : 0;
  }

  return {
    /** Counts one hit for `key`; throws a 429 AppError with Retry-After when over the limit. */
    hit(key: string): void {
      const retryAfter = count(key);
      if (retryAfter > 0) {
        throw new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.', 429, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
    },
    /** Counts one hit for `key`; false when over the limit (for limits the caller applies silently). */
    tryHit(key: string): boolean {
      return count(key) === 0;
    },
  };
}

/** Middleware limiting a route per client IP. */
export function limitByIp(rule: RateLimitRule, trustProxy: number): MiddlewareHandler {
  const limiter = createRateLimiter(rule);
  return async (c, next) => {
    limiter.hit(getClientIp(c, trustProxy));
    await next();
  };
}
