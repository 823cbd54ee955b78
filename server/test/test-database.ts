import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/lib/db.ts';

/** Which database the DB tests run against: set by the vitest project (see vitest.config.ts). */
const target = process.env.FIRSTDAY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const serverUrl = process.env.TEST_DATABASE_URL;

export const testDatabaseKind = target;

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory as a tarball (dumpMigratedPglite), from global-setup.ts. */
    migratedPgliteDump?: string;
    /** A migrated database on the TEST_DATABASE_URL server for each test file to copy, from global-setup.ts. */
    migratedPostgresTemplate?: string;
  }
}

export type TestDatabase = Database & {
  /**
   * The same database as a second server process sees it: on PostgreSQL a new pool and listening
   * connection (close it before this one); PGlite is opened by one process, so there it is this
   * database again (its close does nothing).
   */
  openAnother(): Promise<Database>;
};

async function runOnServer(statement: string, values?: unknown[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(statement, values);
  } finally {
    await admin.end();
  }
}

let migratedPgliteDump: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again on close. Each starts as a copy of the database
 * global-setup.ts migrated once for the run (openDatabase then finds nothing left to apply);
 * without global-setup.ts (vitest started with another config) it is migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (target === 'pglite') {
    const dump = inject('migratedPgliteDump');
    if (dump) migratedPgliteDump ??= openAsBlob(dump);
    const pglite = migratedPgliteDump
      ? new PGlite({ dataDir: 'memory://', loadDataDir: await migratedPgliteDump })
      : undefined;
    const database = await openDatabase({ dataDir: 'memory://', pglite });
    return { ...database, openAnother: async () => ({ ...database, close: async () => {} }) };
  }
  const copy = await createPostgresDatabase('firstday_test', inject('migratedPostgresTemplate'));
  const database = await openDatabase({ url: copy.url, dataDir: '' });
  return {
    ...database,
    openAnother: () => openDatabase({ url: copy.url, dataDir: '' }),
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server (for tests that start servers on it
 * themselves, or that check the migrations): its URL, and `drop` for the end.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase('firstday_test');
}

/** A new database on the TEST_DATABASE_URL server, empty or a copy of `template`. */
async function createPostgresDatabase(prefix: string, template?: string) {
  if (!serverUrl) throw new Error('FIRSTDAY_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(`create database ${name}${template ? ` template ${template}` : ''}`);

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
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

/** Migrates an in-memory PGlite with the app's own openDatabase and writes its data directory to `file`. */
export async function dumpMigratedPglite(file: string) {
  const pglite = new PGlite('memory://');
  const database = await openDatabase({ dataDir: 'memory://', pglite });
  try {
    // Flushed to the data files now, so that a copy starts without replaying the migrations' WAL.
    await pglite.exec('checkpoint');
    // Uncompressed: a copy loads faster (0.4 s against 0.55 s for the 5 MB gzip of these 42 MB).
    const tarball = await pglite.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * A database on the TEST_DATABASE_URL server migrated with the app's own openDatabase, for test
 * files to copy with CREATE DATABASE … TEMPLATE, and `drop` for the end of the run.
 */
export async function createMigratedPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await createPostgresDatabase('firstday_test_template');
  try {
    const database = await openDatabase({ url: template.url, dataDir: '' });
    await database.close();
    // PostgreSQL copies a database only while nobody is connected to it, and pool.end() resolves
    // before its connections have closed: wait for them, then let nobody connect again.
    for (let attempt = 0; ; attempt++) {
      const { rows } = await runOnServer('select count(*)::int as count from pg_stat_activity where datname = $1', [
        template.name,
      ]);
      if (rows[0]?.count === 0) break;
      if (attempt >= 100) throw new Error(`${template.name} still has connections`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await runOnServer(`alter database ${template.name} with allow_connections false`);
  } catch (error) {
    await template.drop();
    throw error;
  }
  return template;
}
