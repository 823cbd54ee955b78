import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { createRateLimiters } from './rate-limit.ts';

/** With Redis the limiters never touch the database. */
const NO_DATABASE = {} as Db;

const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

function connect(url: string, options: { lazyConnect?: boolean } = {}) {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, ...options });
  client.on('error', () => {});
  clients.push(client);
  return client;
}

describe('createRateLimiters with Redis', () => {
  it('counts alone in this process while Redis cannot be reached, instead of failing requests', async () => {
    const unreachable = connect('redis://127.0.0.1:9', { lazyConnect: true });
    const limiter = createRateLimiters({ db: NO_DATABASE, redis: unreachable }).create('offline', {
      limit: 2,
      windowMs: 60_000,
    });
    expect(await limiter.tryHit('a')).toBe(true);
    expect(await limiter.tryHit('a')).toBe(true);
    expect(await limiter.tryHit('a')).toBe(false);
  });

  // Needs a Redis server: TEST_REDIS_URL=redis://127.0.0.1:6379/15 (its keys expire by themselves).
  const url = process.env.TEST_REDIS_URL;
  it.skipIf(!url)('counts once for all servers on one Redis', async () => {
    const servers = [connect(url!, { lazyConnect: true }), connect(url!, { lazyConnect: true })];
    // Resolves once ready: before that the limiters would count alone (the test above).
    await Promise.all(servers.map((client) => client.connect()));
    const name = `shared-${Date.now()}`;
    const limiters = servers.map((redis) =>
      createRateLimiters({ db: NO_DATABASE, redis }).create(name, { limit: 5, windowMs: 60_000 }),
    );
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => limiters[i % 2]!.tryHit('203.0.113.9')));
    expect(results.filter(Boolean)).toHaveLength(5);
    let refused: unknown;
    try {
      await limiters[0]!.hit('203.0.113.9');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(Number((refused as AppError).headers?.['Retry-After'])).toBeGreaterThan(0);
  });
});
