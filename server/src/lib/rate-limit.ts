import { lt, type SQL, sql } from 'drizzle-orm';
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
import { type Db, prepareStatement } from './db.ts';
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
  /** The counter's row key in `rate_limits` (the database store's, as rate-limiter-flexible names it). */
  storeKey(key: string): string;
  rule: RateLimitRule;
};

/** One hit to count: `limiter`'s counter for `key`. */
export type Hit = { limiter: RateLimiter; key: string };

export type RateLimiters = {
  /**
   * A fixed-window limiter. `name` tells the limiters apart in the shared store; together with the
   * rule it is the counter's prefix, so servers (or tests) running a different rule under the same
   * name count apart instead of reading each other's counts against another limit.
   */
  create(name: string, rule: RateLimitRule): RateLimiter;
  /**
   * Counts in PostgreSQL (no Redis): a caller may then count its hits inside its own statement
   * (`countHitsSql`, `readHits`) instead of a round trip of their own.
   */
  inDatabase: boolean;
  /** Counts one hit on each counter, in one statement in the database; 429 when any is over its limit. */
  hitAll(hits: Hit[]): Promise<void>;
  /** The occasional delete of ended counters, for callers that count in their own statement. */
  sweep(): Promise<void>;
};

/** Whole seconds: the Redis store counts its expiry in seconds, and the database store the same way. */
function getWindowMs(rule: RateLimitRule): number {
  return Math.max(1, Math.ceil(rule.windowMs / 1000)) * 1000;
}

/**
 * The upsert that counts one hit on each of `count` counters in one statement, as
 * rate-limiter-flexible's database store counts one (a window that ended starts again at 1), for a
 * caller's own statement (e.g. a CTE). Placeholders: `${prefix}Key<i>`, `${prefix}Expire<i>`,
 * `${prefix}Now` (values from `readHitValues`). Returns each counter's key, points and expiry.
 */
export function countHitsSql(count: number, prefix = 'rl'): SQL {
  const now = sql`${sql.placeholder(`${prefix}Now`)}::timestamptz`;
  const rows = Array.from(
    { length: count },
    (_, index) =>
      sql`(${sql.placeholder(`${prefix}Key${index}`)}, 1, ${sql.placeholder(`${prefix}Expire${index}`)}::timestamptz)`,
  );
  return sql`insert into rate_limits as counter (key, points, expire) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      points = case when counter.expire <= ${now} then 1 else counter.points + 1 end,
      expire = case when counter.expire <= ${now} then excluded.expire else counter.expire end
    returning counter.key, counter.points, counter.expire`;
}

/** The placeholder values of `countHitsSql` for `hits`. */
export function readHitValues(hits: Hit[], now: number, prefix = 'rl'): Record<string, unknown> {
  const values: Record<string, unknown> = { [`${prefix}Now`]: new Date(now).toISOString() };
  hits.forEach((hit, index) => {
    values[`${prefix}Key${index}`] = hit.limiter.storeKey(hit.key);
    values[`${prefix}Expire${index}`] = new Date(now + getWindowMs(hit.limiter.rule)).toISOString();
  });
  return values;
}

/**
 * The seconds to wait when one of `hits` went over its limit (as counted by `countHitsSql`, whose
 * rows are `counters`), else 0.
 */
export function readRetryAfter(
  hits: Hit[],
  counters: { key: string; points: number | string; expire: unknown }[],
  now: number,
): number {
  let retryAfter = 0;
  for (const hit of hits) {
    const counter = counters.find((row) => row.key === hit.limiter.storeKey(hit.key));
    if (!counter || Number(counter.points) <= hit.limiter.rule.limit) continue;
    const expire = counter.expire instanceof Date ? counter.expire : new Date(String(counter.expire));
    retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((expire.getTime() - now) / 1000)));
  }
  return retryAfter;
}

export function rateLimitedError(retryAfter: number): AppError {
  return new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.', 429, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

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

  const hitStatements = new Map<number, (db: Db, values: Record<string, unknown>) => Promise<unknown[]>>();

  return {
    inDatabase: !redis,
    sweep: () => sweep().catch(() => undefined),
    async hitAll(hits) {
      if (redis) {
        for (const hit of hits) await hit.limiter.hit(hit.key);
        return;
      }
      let statement = hitStatements.get(hits.length);
      if (!statement) {
        statement = prepareStatement(`rate_limit_hits_${hits.length}`, () => countHitsSql(hits.length));
        hitStatements.set(hits.length, statement);
      }
      const now = Date.now();
      const counters = (await statement(db, readHitValues(hits, now))) as Parameters<typeof readRetryAfter>[1];
      await sweep().catch(() => undefined);
      const retryAfter = readRetryAfter(hits, counters, now);
      if (retryAfter > 0) throw rateLimitedError(retryAfter);
    },
    create(name, rule) {
      const keyPrefix = `${name}:${rule.limit}/${rule.windowMs}`;
      const limiter = createStoreLimiter(keyPrefix, rule);

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
        rule,
        storeKey: (key) => limiter.getKey(hashKey(key)),
        async hit(key) {
          const retryAfter = await count(key);
          if (retryAfter > 0) throw rateLimitedError(retryAfter);
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
