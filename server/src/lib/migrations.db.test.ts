import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { type Db, findDatabaseProblem, openDatabase } from './db.ts';

const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

async function count(database: Awaited<ReturnType<typeof openDatabase>>, query: ReturnType<typeof sql>) {
  const result = (await database.db.execute(query)) as unknown as { rows: { count: number | string }[] };
  return Number(result.rows[0]?.count);
}

// PGlite's data folder is opened by one process, so servers racing to migrate exist only on a
// PostgreSQL server: this runs in the PostgreSQL project (TEST_DATABASE_URL set).
describe.skipIf(testDatabaseKind !== 'postgres')('migrations on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  it('lets two servers start at the same moment on an empty database: one migrates, both come up', async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const [a, b] = await Promise.all([
        openDatabase({ url: empty.url, dataDir: '' }),
        openDatabase({ url: empty.url, dataDir: '' }),
      ]);
      try {
        expect(await count(a, sql`select count(*) as count from drizzle.__drizzle_migrations`)).toBe(
          journal.entries.length,
        );
        expect(
          await count(b, sql`select count(*) as count from information_schema.tables where table_name = 'mail_outbox'`),
        ).toBe(1);
        expect(await findDatabaseProblem(a.db)).toBeUndefined();
        expect(await findDatabaseProblem(b.db)).toBeUndefined();
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await empty.drop();
    }
  });

  it('reports an empty database as not migrated', async () => {
    const empty = await createEmptyPostgresDatabase();
    const pool = new pg.Pool({ connectionString: empty.url, max: 1 });
    try {
      expect(await findDatabaseProblem(drizzle(pool) as unknown as Db)).toBe('migrations_pending');
    } finally {
      await pool.end();
      await empty.drop();
    }
  });
});
