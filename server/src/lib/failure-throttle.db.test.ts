import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import { createFailureThrottle } from './failure-throttle.ts';
import { hashKey } from './hash-key.ts';
import { failureThrottles } from './schema.ts';

const rule = { freeFailures: 2, baseDelayMs: 1_000, maxDelayMs: 4_000, forgetAfterMs: 60_000 };
/** A throttle deletes forgotten rows at most once a minute. */
const SWEEP_MARGIN_MS = 60_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('createFailureThrottle (in the database)', () => {
  it('lets the free failures through, then doubles the wait up to the cap', async () => {
    let now = 0;
    const throttle = createFailureThrottle(database.db, 'doubling', rule, () => now);
    await throttle.recordFailure('a');
    await throttle.recordFailure('a');
    expect(await throttle.getWaitMs('a')).toBe(1_000);
    now = 1_000;
    expect(await throttle.getWaitMs('a')).toBe(0);
    await throttle.recordFailure('a');
    expect(await throttle.getWaitMs('a')).toBe(2_000);
    await throttle.recordFailure('a');
    await throttle.recordFailure('a');
    expect(await throttle.getWaitMs('a')).toBe(4_000);
    expect(await throttle.getWaitMs('b')).toBe(0);
  });

  it('answers 429 with Retry-After while waiting', async () => {
    const throttle = createFailureThrottle(database.db, 'answer', rule, () => 0);
    await throttle.recordFailure('a');
    await throttle.recordFailure('a');
    let refused: unknown;
    try {
      await throttle.assertAllowed('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).message).toBe('Too many attempts. Please wait a moment and try again.');
    expect((refused as AppError).headers).toEqual({ 'Retry-After': '1' });
  });

  it('forgets a key on success, and after a quiet period', async () => {
    let now = 0;
    const throttle = createFailureThrottle(database.db, 'forget', rule, () => now);
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a');
    await throttle.recordSuccess('a');
    expect(await throttle.getWaitMs('a')).toBe(0);
    for (let i = 0; i < 3; i++) await throttle.recordFailure('b');
    now = 60_000;
    expect(await throttle.getWaitMs('b')).toBe(0);
    await throttle.recordFailure('b');
    expect(await throttle.getWaitMs('b')).toBe(0);
  });

  it('keeps one count for all servers, also for failures at the same moment', async () => {
    const now = () => 5_000;
    const servers = [
      createFailureThrottle(database.db, 'shared', rule, now),
      createFailureThrottle(database.db, 'shared', rule, now),
    ];
    await Promise.all(Array.from({ length: 6 }, (_, i) => servers[i % 2]!.recordFailure('guesser')));
    const [row] = await database.db
      .select({ failures: failureThrottles.failures })
      .from(failureThrottles)
      .where(eq(failureThrottles.throttle, 'shared'));
    expect(row?.failures).toBe(6);
    // Six failures with two free: 1 s doubled three times, capped at 4 s, on either server.
    expect(await servers[0]!.getWaitMs('guesser')).toBe(4_000);
    expect(await servers[1]!.getWaitMs('guesser')).toBe(4_000);
    // A success on one server forgets the key on the other too.
    await servers[1]!.recordSuccess('guesser');
    expect(await servers[0]!.getWaitMs('guesser')).toBe(0);
  });

  it('deletes forgotten rows of its own throttle only', async () => {
    let now = 1_000_000;
    const sweeping = createFailureThrottle(database.db, 'sweeping', rule, () => now);
    const other = createFailureThrottle(database.db, 'other', rule, () => now);
    await sweeping.recordFailure('old');
    await other.recordFailure('old');
    now += rule.forgetAfterMs + SWEEP_MARGIN_MS;
    await sweeping.recordFailure('new');
    const rows = await database.db
      .select({ throttle: failureThrottles.throttle, key: failureThrottles.key })
      .from(failureThrottles)
      .where(eq(failureThrottles.key, hashKey('old')));
    expect(rows).toEqual([{ throttle: 'other', key: hashKey('old') }]);
  });

  it('keeps any key, even with a NUL, and stores no address in the clear', async () => {
    const throttle = createFailureThrottle(database.db, 'addresses', rule);
    const key = 'grace\u0000hopper@example.com|203.0.113.5';
    for (let failure = 0; failure <= rule.freeFailures; failure++) await throttle.recordFailure(key);
    expect(await throttle.getWaitMs(key)).toBeGreaterThan(0);
    const stored = await database.db.select({ key: failureThrottles.key }).from(failureThrottles);
    expect(stored.map((row) => row.key).join()).not.toContain('example.com');
  });
});
