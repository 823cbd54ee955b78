import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/lib/db.ts';

/** Which database the DB tests run against: set by the vitest project (see vitest.config.ts). */
const target = process.env.FIRSTDAY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const serverUrl = process.env.TEST_DATABASE_URL;

export const testDatabaseKind = target;

export type TestDatabase = Database & {
  /**
   * The same database as a second server process sees it: on PostgreSQL a new pool and listening
   * connection (close it before this one); PGlite is opened by one process, so there it is this
   * database again (its close does nothing).
   */
  openAnother(): Promise<Database>;
};

async function runOnServer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (target === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { ...database, openAnother: async () => ({ ...database, close: async () => {} }) };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ url: empty.url, dataDir: '' });
  return {
    ...database,
    openAnother: () => openDatabase({ url: empty.url, dataDir: '' }),
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server (for tests that start servers on it
 * themselves): its URL, and `drop` for the end.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('FIRSTDAY_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `firstday_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(`create database ${name}`);

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its connections have closed; forcing the drop would kill them
      // mid-goodbye (an uncaught 57P01 in the test run), so wait for them first.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}
