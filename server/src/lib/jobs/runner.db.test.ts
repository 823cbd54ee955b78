import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../db.ts';
import { registerInstance, type ServerInstance } from '../instance.ts';
import { createLogger } from '../logger.ts';
import { enqueueJob } from './queue.ts';
import { createJobRunner, type JobDefinition } from './runner.ts';
import { jobs } from './schema.ts';

let database: Database;
const instances: ServerInstance[] = [];
const logger = createLogger('silent');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
// Each instance holds a pooled connection for its lock (lib/instance.ts): let them go after each test.
afterEach(async () => {
  for (const instance of instances.splice(0)) await instance.stop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

/** A runner as one server would have it: its own registered instance. */
async function createServerRunner(definitions: JobDefinition[]) {
  const instance = await registerInstance(database);
  instances.push(instance);
  return createJobRunner({ db: database.db, logger, instanceId: instance.id, definitions });
}

const readJob = async (name: string, key = '') =>
  (await database.db.select().from(jobs).where(eq(jobs.name, name))).find((job) => job.key === key);

describe('the job runner', () => {
  it('runs a queued job once, on one of two servers, and removes it', async () => {
    const runs: string[] = [];
    const definition = { name: 'settle', run: async (key: string) => void runs.push(key) };
    const [first, second] = [await createServerRunner([definition]), await createServerRunner([definition])];
    await enqueueJob(database.db, 'settle', 'calendar-1');
    await enqueueJob(database.db, 'settle', 'calendar-1');

    const counts = await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(runs).toEqual(['calendar-1']);
    expect(await readJob('settle', 'calendar-1')).toBeUndefined();
  });

  it('runs a job queued again while it ran once more afterwards', async () => {
    let runs = 0;
    const runner = await createServerRunner([
      {
        name: 'settle',
        async run(key) {
          runs++;
          if (runs === 1) await enqueueJob(database.db, 'settle', key);
        },
      },
    ]);
    await enqueueJob(database.db, 'settle', 'calendar-2');
    await runner.idle();
    expect(runs).toBe(2);
    expect(await readJob('settle', 'calendar-2')).toBeUndefined();
  });

  it('runs a recurring job on one server per due time and schedules the next run', async () => {
    let runs = 0;
    const definition = { name: 'reconcile', everyMs: 60_000, run: async () => void runs++ };
    const [first, second] = [await createServerRunner([definition]), await createServerRunner([definition])];
    await Promise.all([first.start(), second.start()]);
    await Promise.all([first.stop(), second.stop()]);
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toBe(1);
    const job = await readJob('reconcile');
    expect(job?.lockedBy).toBeNull();
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('retries a failed job later with the error recorded, and gives a one-off job up after maxAttempts', async () => {
    const runner = await createServerRunner([
      {
        name: 'flaky',
        maxAttempts: 2,
        run: async () => {
          throw new Error('provider unavailable');
        },
      },
    ]);
    await enqueueJob(database.db, 'flaky', 'calendar-3');
    expect(await runner.runDue()).toBe(1);
    const failed = await readJob('flaky', 'calendar-3');
    expect(failed).toMatchObject({ attempts: 1, lastError: 'provider unavailable', lockedBy: null });
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Not due yet: nothing runs.
    expect(await runner.runDue()).toBe(0);

    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) });
    expect(await runner.runDue()).toBe(1);
    expect(await readJob('flaky', 'calendar-3')).toBeUndefined();
  });

  it('takes over at once a job claimed by a server that is gone', async () => {
    const runs: string[] = [];
    const runner = await createServerRunner([{ name: 'settle', run: async (key) => void runs.push(key) }]);
    await enqueueJob(database.db, 'settle', 'calendar-4');
    // Claimed by an instance that no longer holds its lock, with a lease far from over.
    await database.db.update(jobs).set({ lockedBy: 'a-crashed-server', lockedUntil: new Date(Date.now() + 3_600_000) });
    expect(await runner.runDue()).toBe(1);
    expect(runs).toEqual(['calendar-4']);
  });

  it('leaves a job claimed by a live server alone until its lease ends', async () => {
    const runs: string[] = [];
    const definition = { name: 'settle', run: async (key: string) => void runs.push(key) };
    const [owner, other] = [await createServerRunner([definition]), await createServerRunner([definition])];
    await enqueueJob(database.db, 'settle', 'calendar-5');
    const ownerId = instances.at(-2)!.id;
    await database.db.update(jobs).set({ lockedBy: ownerId, lockedUntil: new Date(Date.now() + 3_600_000) });
    expect(await other.runDue()).toBe(0);
    expect(runs).toEqual([]);
    // Shutting down hands its claims back: the other server takes the job.
    await owner.stop();
    expect(await other.runDue()).toBe(1);
    expect(runs).toEqual(['calendar-5']);
  });
});
