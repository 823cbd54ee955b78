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

  return {
    /** Counts one hit for `key`; throws a 429 AppError with Retry-After when over the limit. */
    hit(key: string): void {
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
      if (window.count > rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
        throw new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.', 429, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
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
