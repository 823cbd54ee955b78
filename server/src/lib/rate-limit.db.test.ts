import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import { hashKey } from './hash-key.ts';
import { createRateLimiters } from './rate-limit.ts';
import { rateLimits } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => {
  vi.useRealTimers();
});

async function refusal(run: () => Promise<void>): Promise<AppError | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('createRateLimiters (in the database)', () => {
  it('allows the limit, refuses the next hit with Retry-After, and opens again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = createRateLimiters({ db: database.db }).create('window', { limit: 2, windowMs: 10_000 });
    await limiter.hit('a');
    await limiter.hit('a');
    const refused = await refusal(() => limiter.hit('a'));
    expect(refused?.status).toBe(429);
    expect(refused?.code).toBe('rate_limited');
    expect(refused?.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(refused?.headers?.['Retry-After']).toBe('10');
    await limiter.hit('b');
    vi.setSystemTime(Date.now() + 10_000);
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('answers tryHit without throwing', async () => {
    const limiter = createRateLimiters({ db: database.db }).create('silent', { limit: 1, windowMs: 60_000 });
    expect(await limiter.tryHit('x')).toBe(true);
    expect(await limiter.tryHit('x')).toBe(false);
  });

  it('counts once for all servers: two processes on one database let exactly the limit through', async () => {
    const rule = { limit: 5, windowMs: 60_000 };
    const servers = [createRateLimiters({ db: database.db }), createRateLimiters({ db: database.db })];
    const limiters = servers.map((server) => server.create('shared', rule));
    // 12 hits at once, alternating between the servers: one atomic statement each, so no lost updates.
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => limiters[i % 2]!.tryHit('203.0.113.9')));
    expect(results.filter(Boolean)).toHaveLength(5);
    // One row for both servers: the limiter's name, its rule and the caller's key (hashed).
    const [row] = await database.db
      .select({ points: rateLimits.points })
      .from(rateLimits)
      .where(eq(rateLimits.key, `shared:5/60000:${hashKey('203.0.113.9')}`));
    expect(row?.points).toBe(12);
  });

  it('counts a different rule under the same name apart', async () => {
    const servers = createRateLimiters({ db: database.db });
    expect(await servers.create('rule', { limit: 1, windowMs: 60_000 }).tryHit('k')).toBe(true);
    expect(await servers.create('rule', { limit: 1, windowMs: 60_000 }).tryHit('k')).toBe(false);
    expect(await servers.create('rule', { limit: 2, windowMs: 60_000 }).tryHit('k')).toBe(true);
  });

  it('deletes counters whose window has ended, at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const servers = createRateLimiters({ db: database.db });
    const limiter = servers.create('sweep', { limit: 1, windowMs: 1_000 });
    for (const key of ['gone-1', 'gone-2']) await limiter.hit(key);
    vi.setSystemTime(Date.now() + 61_000);
    await limiter.hit('fresh');
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.filter((key) => key.startsWith('sweep:'))).toEqual([`sweep:1/1000:${hashKey('fresh')}`]);
  });
});
