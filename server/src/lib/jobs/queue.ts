import { sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { jobs } from './schema.ts';

/**
 * Queues job `name` for `key`, due at once (or at `runAt`). Pass the transaction that makes the
 * job necessary, so the job exists exactly when its cause was committed. Queuing a job that
 * already waits only brings it forward; one that is running gets a new version, so the runner
 * runs it again afterwards instead of removing it.
 */
export async function enqueueJob(db: Db, name: string, key = '', runAt?: Date): Promise<void> {
  const due = runAt ?? sql`now()`;
  await db
    .insert(jobs)
    .values({ name, key, runAt: due })
    .onConflictDoUpdate({
      target: [jobs.name, jobs.key],
      set: { runAt: sql`least(${jobs.runAt}, excluded.run_at)`, version: sql`${jobs.version} + 1` },
    });
}
