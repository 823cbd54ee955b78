import { randomUUID } from 'node:crypto';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './db.ts';

/** The advisory-lock namespace of server instances; the second key is hashtext(instance id). */
export const INSTANCE_LOCK_NAMESPACE = 41_832_070;

/** Instances of this process: never taken over by its own workers. */
const liveHere = new Set<string>();

export type ServerInstance = { id: string; stop(): Promise<void> };

/**
 * This server process as the owner of leases (claimed e-mails). While it lives it holds a
 * PostgreSQL session advisory lock named by its id, so any server can tell a crashed owner's
 * leases (the lock is free: the connection died with the process) from a live one's, and take
 * them over at once instead of waiting for them to expire. PGlite's data folder is opened by one
 * process only, so there the live owners are this process's instances.
 */
export async function registerInstance(database: Pick<Database, 'holdSessionLock'>): Promise<ServerInstance> {
  const id = randomUUID();
  const release = await database.holdSessionLock(INSTANCE_LOCK_NAMESPACE, id);
  liveHere.add(id);
  return {
    id,
    async stop() {
      liveHere.delete(id);
      await release();
    },
  };
}

/**
 * SQL that is true when `owner` names an instance that is gone (for a lease taken over in the
 * same statement). Owners of this process are alive; for others the try-lock answers: it only
 * succeeds when no live session holds the owner's lock (and is released at the end of the
 * transaction). A null owner (a lease from before owners were recorded) is left to its expiry.
 */
export function isDeadOwner(owner: SQLWrapper): SQL {
  const notHere =
    liveHere.size === 0
      ? sql`true`
      : sql`${owner} not in (${sql.join(
          [...liveHere].map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return sql`(${owner} is not null and ${notHere} and pg_try_advisory_xact_lock(${INSTANCE_LOCK_NAMESPACE}::int4, hashtext(${owner})))`;
}
