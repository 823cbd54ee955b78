import { lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { getClientIp } from './client-ip.ts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { hashKey } from './hash-key.ts';
import { rateLimits } from './schema.ts';

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimiter = {
  /** Counts one hit for `key`; throws a 429 AppError with Retry-After when over the limit. */
  hit(key: string): Promise<void>;
  /** Counts one hit for `key`; false when over the limit (for limits the caller applies silently). */
  tryHit(key: string): Promise<boolean>;
  /** Takes one hit back, for a request that turned out not to count (e.g. a declined gift). */
  giveBack(key: string): Promise<void>;
};

export type RateLimiters = {
  /**
   * A fixed-window limiter. `name` tells the limiters apart in the shared store; together with the
   * rule it is the counter's prefix, so servers (or tests) running a different rule under the same
   * name count apart instead of reading each other's counts against another limit.
   */
  create(name: string, rule: RateLimitRule): RateLimiter;
};

/** How often one process deletes counters whose window has ended (one indexed delete). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Request limits shared by every server: rate-limiter-flexible's fixed-window counters, in
 * PostgreSQL (`rate_limits`, through the app's own Drizzle database, so PGlite and PostgreSQL run
 * the same statement: one atomic `insert … on conflict do update … returning`) or, with
 * `REDIS_URL`, in Redis. Decision 015.
 */
export function createRateLimiters(options: { db: Db; redis?: Redis }): RateLimiters {
  const { db, redis } = options;
  let lastSweepAt = Date.now();

  /** Windows that ended are reset in place by the next hit; rows of keys never seen again go here. */
  async function sweep(): Promise<void> {
    const time = Date.now();
    if (redis || time - lastSweepAt < SWEEP_INTERVAL_MS) return;
    lastSweepAt = time;
    await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(time)));
  }

  function createStoreLimiter(keyPrefix: string, rule: RateLimitRule): RateLimiterAbstract {
    // Whole seconds: the Redis store counts its expiry in seconds.
    const duration = Math.max(1, Math.ceil(rule.windowMs / 1000));
    const common = { keyPrefix, points: rule.limit, duration };
    if (redis) {
      // Redis unreachable: each server falls back to counting alone rather than failing requests.
      return new RateLimiterRedis({ ...common, storeClient: redis, insuranceLimiter: new RateLimiterMemory(common) });
    }
    // The table comes from the migrations; the sweep above replaces the store's own timer.
    return new RateLimiterDrizzle({ ...common, storeClient: db, schema: rateLimits, clearExpiredByTimeout: false });
  }

  return {
    create(name, rule) {
      const limiter = createStoreLimiter(`${name}:${rule.limit}/${rule.windowMs}`, rule);

      /** Counts one hit; the seconds to wait when over the limit, else 0. */
      async function count(key: string): Promise<number> {
        let retryAfter = 0;
        try {
          await limiter.consume(hashKey(key));
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        }
        // Housekeeping: a failed delete is retried at the next sweep and must not fail the request.
        await sweep().catch(() => undefined);
        return retryAfter;
      }

      return {
        async hit(key) {
          const retryAfter = await count(key);
          if (retryAfter > 0) {
            throw new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.', 429, {
              headers: { 'Retry-After': String(retryAfter) },
            });
          }
        },
        async tryHit(key) {
          return (await count(key)) === 0;
        },
        async giveBack(key) {
          await limiter.reward(hashKey(key), 1);
        },
      };
    },
  };
}

/** Middleware limiting a route per client IP. */
export function limitByIp(limiter: RateLimiter, trustProxy: number): MiddlewareHandler {
  return async (c, next) => {
    await limiter.hit(getClientIp(c, trustProxy));
    await next();
  };
}
