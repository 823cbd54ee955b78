import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { isDeadOwner } from '../instance.ts';
import type { Logger } from '../logger.ts';
import { enqueueJob } from './queue.ts';
import { jobs } from './schema.ts';

export type JobDefinition = {
  name: string;
  /** Does the work for `key`. Throwing retries it later (sooner than `every` for a recurring job). */
  run(key: string): Promise<void>;
  /** A recurring job (key ''): runs again this long after each run ends. Without it, a queued job runs once. */
  everyMs?: number;
  /** How long one run may take before another server may take it over (default 5 minutes). */
  leaseSeconds?: number;
  /** A one-off job is dropped (and logged) after this many failed runs; unset: it retries for good. */
  maxAttempts?: number;
};

type ClaimedJob = { name: string; key: string; version: number; attempts: number };

const BATCH_SIZE = 10;

/** 5 s, 10 s, 20 s … capped at 30 minutes. */
export function getJobRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(attempts - 1, 0), 30 * 60_000);
}

/**
 * Runs the product's background jobs on this server: claims due rows of `jobs` (several servers
 * split them; a row is claimed by one), runs each handler, then reschedules a recurring job or
 * removes a one-off one. Polls every `pollIntervalMs` and at once on `wake()`. A job whose server
 * died is taken over as soon as that instance is known to be gone (lib/instance.ts).
 */
export function createJobRunner(options: {
  db: Db;
  logger: Logger;
  /** The registered server instance (lib/instance.ts) the leases are taken for. */
  instanceId: string;
  definitions: JobDefinition[];
  pollIntervalMs?: number;
}) {
  const { db, logger, instanceId } = options;
  const definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(): Promise<ClaimedJob[]> {
    if (definitions.size === 0) return [];
    const names = sql.join(
      [...definitions.keys()].map((name) => sql`${name}`),
      sql`, `,
    );
    // Both drivers answer raw SQL with `{ rows }`. The lease is the longest of the batch's.
    const leaseSeconds = Math.max(...[...definitions.values()].map((definition) => definition.leaseSeconds ?? 300));
    const result = (await db.execute(sql`
      update ${jobs}
      set locked_by = ${instanceId}, locked_until = now() + make_interval(secs => ${leaseSeconds})
      where (name, key) in (
        select name, key from ${jobs}
        where name in (${names}) and run_at <= now()
          and (locked_by is null or locked_until < now() or ${isDeadOwner(jobs.lockedBy)})
        order by run_at
        limit ${BATCH_SIZE}
        for update skip locked
      )
      returning name, key, version, attempts
    `)) as unknown as { rows: ClaimedJob[] };
    return result.rows;
  }

  const mine = (job: ClaimedJob) => and(eq(jobs.name, job.name), eq(jobs.key, job.key), eq(jobs.lockedBy, instanceId));
  const release = { lockedBy: null, lockedUntil: null };

  async function finish(job: ClaimedJob, definition: JobDefinition) {
    if (definition.everyMs !== undefined) {
      await db
        .update(jobs)
        .set({ ...release, attempts: 0, lastError: null, runAt: new Date(Date.now() + definition.everyMs) })
        .where(mine(job));
      return;
    }
    // Queued again while it ran (a new version): keep the row, so it runs once more.
    const removed = await db
      .delete(jobs)
      .where(and(mine(job), eq(jobs.version, job.version)))
      .returning({ name: jobs.name });
    if (removed.length === 0) await db.update(jobs).set(release).where(mine(job));
  }

  async function fail(job: ClaimedJob, definition: JobDefinition, error: unknown) {
    const attempts = job.attempts + 1;
    if (definition.everyMs === undefined && attempts >= (definition.maxAttempts ?? Number.POSITIVE_INFINITY)) {
      logger.error({ job: job.name, key: job.key, attempts, err: (error as Error).message }, 'job failed: given up');
      await db.delete(jobs).where(and(mine(job), eq(jobs.version, job.version)));
      await db.update(jobs).set(release).where(mine(job));
      return;
    }
    const delayMs = Math.min(getJobRetryDelayMs(attempts), definition.everyMs ?? Number.POSITIVE_INFINITY);
    logger.warn({ job: job.name, key: job.key, attempts, err: (error as Error).message }, 'job failed: retried later');
    await db
      .update(jobs)
      .set({ ...release, attempts, lastError: String((error as Error).message), runAt: new Date(Date.now() + delayMs) })
      .where(mine(job));
  }

  /** Claims and runs one batch of due jobs; returns how many ran. */
  async function runDue(): Promise<number> {
    const claimed = await claim();
    await Promise.all(
      claimed.map(async (job) => {
        const definition = definitions.get(job.name)!;
        try {
          await definition.run(job.key);
          await finish(job, definition);
        } catch (error) {
          await fail(job, definition, error).catch((writeError: unknown) =>
            logger.error({ job: job.name, err: writeError }, 'job failure not recorded: its lease expires'),
          );
        }
      }),
    );
    return claimed.length;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (stopped || running) return;
    running = runDue()
      .catch((error) => {
        logger.error({ err: error }, 'job runner pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    // A full batch suggests more is due: go on at once.
    running.then((count) => schedule(count >= BATCH_SIZE ? 0 : pollIntervalMs));
  }

  /** Claims due jobs now (after queuing one in this process). */
  function wake(): void {
    if (!stopped && !running) schedule(0);
  }

  return {
    runDue,
    wake,
    /** Resolves once no job is due or running here (tests; jobs queued by a job run too). */
    async idle(): Promise<void> {
      await running;
      while ((await runDue()) > 0) {}
      await running;
    },
    /**
     * Makes sure every recurring job has its row (due now on a new database), then polls.
     * `recurring: false` (tests) runs queued jobs only.
     */
    async start(startOptions: { recurring?: boolean } = {}): Promise<void> {
      for (const definition of definitions.values()) {
        if (definition.everyMs === undefined || startOptions.recurring === false) continue;
        await db.insert(jobs).values({ name: definition.name }).onConflictDoNothing();
      }
      stopped = false;
      schedule(0);
    },
    /** Queues a job and wakes the runner: for callers outside a transaction. */
    async enqueue(name: string, key = ''): Promise<void> {
      await enqueueJob(db, name, key);
      wake();
    },
    /** Stops polling, lets running jobs finish and hands back anything still claimed. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      await db.update(jobs).set(release).where(eq(jobs.lockedBy, instanceId));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
