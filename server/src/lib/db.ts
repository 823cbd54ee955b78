import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPgNotificationListener, type NotificationListener } from './db-notifications.ts';

/** The query API shared by the PGlite and node-postgres drivers; features depend only on this. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type { NotificationListener } from './db-notifications.ts';

const dialect = new PgDialect();

/**
 * A hot statement whose SQL is built once, the first time it runs, with its values as
 * `sql.placeholder(name)`, and sent as a named prepared statement (node-postgres parses it once per
 * connection). It runs on the database or inside a transaction (`db` is either), which drizzle's
 * own `.prepare()` cannot do: a query prepared on the database is bound to the pool. Rows come
 * back as the driver reads them: column names as in the SQL, timestamps and bigints as text on
 * node-postgres (map them with `readTimestamp` and `Number`).
 */
export function prepareStatement<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  let query: Query | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as unknown as { rows: Row[] }).rows;
  };
}

/** A timestamp from a prepared statement's row (text on node-postgres, a Date or text on PGlite). */
export function readTimestamp(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function readNullableTimestamp(value: unknown): Date | null {
  return value === null || value === undefined ? null : readTimestamp(value);
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Takes a session-level advisory lock (namespace, hashtext(key)) on a connection of its own and
   * holds it until the returned release is called (or the connection ends, e.g. the process dies).
   */
  holdSessionLock(namespace: number, key: string): Promise<() => Promise<void>>;
  /**
   * `pg_notify(channel, payload)`: every listener of the channel on this database hears it, in
   * every server process (this one included), once the sending statement has committed.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Listens to a channel (lower-case letters, digits and `_`). Resolves once the first attempt to
   * listen is done; the listener learns through `onListening` when it hears the channel and when
   * it may miss notifications (the listening connection dropped; it reconnects on its own).
   * Returns the unsubscribe.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * Every statement the server's databases send (each a round trip: BEGIN, COMMIT and ROLLBACK
 * included), counted at the driver so nothing is missed: `firstday_db_statements_total` on
 * /metrics, and `watchStatements` for tests that hold a path to a budget (decision 032). The
 * notification listener's own connection (LISTEN, its heartbeat) is not counted.
 */
let statementsSent = 0;
const statementWatch = new AsyncLocalStorage<string[]>();

function countStatement(text: string): void {
  statementsSent++;
  statementWatch.getStore()?.push(text);
}

/** How many statements this process's databases have sent since it started. */
export function getStatementCount(): number {
  return statementsSent;
}

/**
 * Runs `work` and lists the statements sent on its behalf (its async calls and those they start),
 * in order: a driver's prepared statements by their SQL text, BEGIN/COMMIT/ROLLBACK as such.
 */
export async function watchStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await statementWatch.run(statements, work);
  return { result, statements };
}

function readStatementText(query: unknown): string {
  if (typeof query === 'string') return query;
  return String((query as { text?: unknown } | null)?.text ?? '');
}

/** node-postgres' client, counting each query it sends (the pool's one-off queries and transactions alike). */
class CountingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are passed through untouched.
  override query(...args: any[]): any {
    countStatement(readStatementText(args[0]));
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return (super.query as (...rest: any[]) => any)(...args);
  }
}

type PgliteTransactionClient = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/**
 * The PGlite client as drizzle sees it, counting each query; a transaction counts its BEGIN and its
 * COMMIT or ROLLBACK, which PGlite sends itself.
 */
function countPgliteStatements(client: PGlite): PGlite {
  const wrapTransaction = (tx: PgliteTransactionClient): PgliteTransactionClient =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'query' || property === 'exec') {
          return (text: string, ...rest: unknown[]) => {
            countStatement(text);
            return (target[property] as (...args: unknown[]) => unknown)(text, ...rest);
          };
        }
        if (property === 'rollback') {
          return () => {
            countStatement('ROLLBACK');
            return target.rollback();
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec') {
        return (text: string, ...rest: unknown[]) => {
          countStatement(text);
          return (target[property] as (...args: unknown[]) => unknown).call(target, text, ...rest);
        };
      }
      if (property === 'transaction') {
        return <T>(callback: (tx: PgliteTransactionClient) => Promise<T>) =>
          target.transaction(async (tx) => {
            countStatement('BEGIN');
            const wrapped = wrapTransaction(tx);
            try {
              const result = await callback(wrapped);
              if (!tx.closed) countStatement('COMMIT');
              return result;
            } catch (error) {
              if (!tx.closed) countStatement('ROLLBACK');
              throw error;
            }
          });
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The advisory-lock key (namespace, hashtext('migrations')) held while a server migrates. */
const MIGRATION_LOCK_NAMESPACE = 41_832_071;

/**
 * Opens PostgreSQL at `url` when given, otherwise PGlite in `dataDir` ('memory://' keeps it in
 * memory), and applies the committed migrations.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  /**
   * A PGlite already created, used instead of opening `dataDir` (and closed with the database):
   * the tests load each file's from a data directory migrated once (server/test/global-setup.ts),
   * so the migrator finds nothing left to apply.
   */
  pglite?: PGlite;
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10, Client: CountingClient });
    // An idle connection that breaks (server restart, network) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool);
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const notifications = createPgNotificationListener({
      url: options.url,
      onConnectionError: options.onConnectionError,
    });
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
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, listener) => notifications.listen(channel, listener),
      async close() {
        await notifications.close();
        await pool.end();
      },
    };
  }
  if (!options.pglite && !options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = options.pglite ?? new PGlite(options.dataDir);
  const client = countPgliteStatements(pglite);
  const db = drizzlePglite(client);
  // One process opens a PGlite folder, so nobody can migrate alongside: no lock needed.
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
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // The one connection never drops: the listener hears the channel as soon as this resolves.
    async listen(channel, listener) {
      assertChannelName(channel);
      const unlisten = await pglite.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening?.(true);
      return unlisten;
    },
    close: () => pglite.close(),
  };
}

export function assertChannelName(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid notification channel name: ${channel}`);
}

/**
 * Applies the committed migrations while holding a session advisory lock on one connection, so
 * servers starting together on one database migrate one after the other: the first applies them,
 * the others wait, then find nothing left to do. drizzle's migrator alone would let both create
 * its schema and apply the same migration at once, and one of them would fail.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1::int4, hashtext('migrations'))", [MIGRATION_LOCK_NAMESPACE]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1::int4, hashtext('migrations'))", [MIGRATION_LOCK_NAMESPACE]);
    }
  } catch (error) {
    // A connection in an unknown state (e.g. still holding the lock) must not go back to the pool.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

const latestCommittedMigration = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).at(-1)?.folderMillis ?? 0;

/**
 * Why the database is not ready to serve this build, or undefined when it is: it must answer, and
 * the newest committed migration must be applied. drizzle's migrator records each migration with
 * its journal timestamp and applies those newer than the last recorded one, so the same rule
 * applies here. A database migrated further by a newer release counts as ready: during a rolling
 * release the previous one keeps serving, which its migrations must allow for.
 */
export async function findDatabaseProblem(db: Db): Promise<'migrations_pending' | 'database_unreachable' | undefined> {
  try {
    const result = (await db.execute(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { latest: number | string | null }[] };
    return Number(result.rows[0]?.latest ?? 0) >= latestCommittedMigration ? undefined : 'migrations_pending';
  } catch (error) {
    // 42P01 / 3F000: no migrations table or schema yet, so nothing was migrated. drizzle wraps the
    // driver's error in its own (`cause`).
    const failure = error as { code?: string; cause?: { code?: string } };
    const code = failure.code ?? failure.cause?.code;
    return code === '42P01' || code === '3F000' ? 'migrations_pending' : 'database_unreachable';
  }
}
