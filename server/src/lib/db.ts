import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The query API shared by the PGlite and node-postgres drivers; features depend only on this. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Takes a session-level advisory lock (namespace, hashtext(key)) on a connection of its own and
   * holds it until the returned release is called (or the connection ends, e.g. the process dies).
   */
  holdSessionLock(namespace: number, key: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens PostgreSQL at `url` when given, otherwise PGlite in `dataDir` ('memory://' keeps it in
 * memory), and applies the committed migrations.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection that breaks (server restart, network) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      async holdSessionLock(namespace, key) {
        // Checked out for good: the lock lives as long as this connection. If the connection
        // breaks, the lock is gone and other servers may take over this one's leases (e-mails
        // then carry the same Message-ID, so a resend can be recognised).
        const client = await pool.connect();
        client.on('error', (error) => options.onConnectionError?.(error));
        await client.query('select pg_advisory_lock($1::int4, hashtext($2))', [namespace, key]);
        return async () => {
          try {
            await client.query('select pg_advisory_unlock($1::int4, hashtext($2))', [namespace, key]);
          } finally {
            client.release();
          }
        };
      },
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // PGlite has one connection, so the lock is taken on it.
    async holdSessionLock(namespace, key) {
      await client.query('select pg_advisory_lock($1::int4, hashtext($2))', [namespace, key]);
      return async () => {
        await client.query('select pg_advisory_unlock($1::int4, hashtext($2))', [namespace, key]);
      };
    },
    close: () => client.close(),
  };
}
