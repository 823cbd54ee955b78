import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../../test/test-database.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A copy of the committed migrations that stops after `lastTag`: the database as it was before a later one. */
function copyMigrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'firstday-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

type RawDatabase = {
  migrate(folder: string): Promise<void>;
  /** Runs several statements at once. */
  exec(text: string): Promise<void>;
  query<Row>(text: string): Promise<Row[]>;
  close(): Promise<void>;
};

/** An empty database of the kind this project tests on, migrated only when asked. */
async function openEmptyDatabase(): Promise<RawDatabase> {
  if (testDatabaseKind === 'pglite') {
    const client = new PGlite('memory://');
    const db = drizzlePglite(client);
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      exec: async (text) => {
        await client.exec(text);
      },
      query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
      close: () => client.close(),
    };
  }
  const empty = await createEmptyPostgresDatabase();
  const pool = new pg.Pool({ connectionString: empty.url, max: 1 });
  const db = drizzlePg(pool);
  return {
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    exec: async (text) => {
      await pool.query(text);
    },
    query: async <Row>(text: string) => (await pool.query(text)).rows as Row[],
    async close() {
      await pool.end();
      await empty.drop();
    },
  };
}

// Issue 14: amounts renamed from `…_cents` to `amount` / `<what>_amount`, with a currency beside each.
describe('migration 0013_amounts_with_currency', () => {
  let database: RawDatabase;
  const folders: string[] = [];

  beforeAll(async () => {
    database = await openEmptyDatabase();
    const before = copyMigrationsUpTo('0012_languages_and_currencies');
    folders.push(before);
    await database.migrate(before);
    // Data as the product wrote it before the migration.
    await database.exec(`
      INSERT INTO "user" ("id", "name", "email") VALUES ('u1', 'Ana', 'ana@example.com'), ('u2', 'Ben', 'ben@example.com');
      INSERT INTO "user_profiles" ("user_id", "savings_goal_cents") VALUES ('u1', 500000), ('u2', NULL);
      INSERT INTO "calendars" ("id", "owner_id", "slug", "first_name", "last_name", "currency") VALUES
        ('00000000-0000-4000-8000-000000000001', 'u1', 'euroCalendar', 'Mia', 'Muster', 'eur'),
        ('00000000-0000-4000-8000-000000000002', 'u1', 'usdCalendar1', 'Tom', 'Smith', 'usd');
      INSERT INTO "payments" ("id", "calendar_id", "purpose", "provider", "amount_cents", "currency", "method", "idempotency_key") VALUES
        ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000001', 'gift', 'sandbox', 2500, 'eur', 'card', 'gift:a');
      INSERT INTO "contributions" ("id", "calendar_id", "name", "email", "guessed_date", "wish", "gift_cents", "payment_id", "status", "idempotency_key") VALUES
        ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000001', 'Eva', 'eva@example.com', '2030-01-10', 'Hello', 2500, '00000000-0000-4000-8000-000000000011', 'confirmed', 'a'),
        ('00000000-0000-4000-8000-000000000022', '00000000-0000-4000-8000-000000000002', 'Joe', 'joe@example.com', '2030-01-11', 'Hi', NULL, NULL, 'confirmed', 'b');
      INSERT INTO "payouts" ("id", "calendar_id", "provider", "amount_cents", "currency", "idempotency_key") VALUES
        ('00000000-0000-4000-8000-000000000031', '00000000-0000-4000-8000-000000000001', 'sandbox', 2500, 'eur', 'payout:a');
      INSERT INTO "ledger_entries" ("id", "transaction_id", "account", "amount_cents", "currency") VALUES
        ('00000000-0000-4000-8000-000000000041', 'payment:a:succeeded', 'customer_funds', 2500, 'eur'),
        ('00000000-0000-4000-8000-000000000042', 'payment:a:succeeded', 'calendar:a', -2500, 'eur');
      INSERT INTO "sandbox_charges" ("id", "idempotency_key", "amount_cents", "currency", "status") VALUES
        ('sbx_gbp', 'charge:a', 1234, 'gbp', 'refunded');
      INSERT INTO "sandbox_refunds" ("id", "idempotency_key", "charge_id", "amount_cents") VALUES
        ('sbx_re_1', 'refund:a', 'sbx_gbp', 1234), ('sbx_re_2', 'refund:b', 'sbx_gone', 99);
      INSERT INTO "sandbox_transfers" ("id", "idempotency_key", "amount_cents", "currency", "destination", "status") VALUES
        ('sbx_tr_1', 'transfer:a', 2500, 'eur', 'DE89…3000', 'paid');
    `);
    await database.migrate(MIGRATIONS_FOLDER);
  });

  afterAll(async () => {
    await database.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every amount under its new name', async () => {
    const amounts = await database.query<{ source: string; amount: number }>(`
      SELECT 'payment' AS source, "amount" FROM "payments"
      UNION ALL SELECT 'payout', "amount" FROM "payouts"
      UNION ALL SELECT 'ledger:' || "account", "amount" FROM "ledger_entries"
      UNION ALL SELECT 'charge', "amount" FROM "sandbox_charges"
      UNION ALL SELECT 'transfer', "amount" FROM "sandbox_transfers"
      UNION ALL SELECT "id", "amount" FROM "sandbox_refunds"
      ORDER BY 1`);
    expect(amounts).toEqual([
      { source: 'charge', amount: 1234 },
      { source: 'ledger:calendar:a', amount: -2500 },
      { source: 'ledger:customer_funds', amount: 2500 },
      { source: 'payment', amount: 2500 },
      { source: 'payout', amount: 2500 },
      { source: 'sbx_re_1', amount: 1234 },
      { source: 'sbx_re_2', amount: 99 },
      { source: 'transfer', amount: 2500 },
    ]);
    const columns = await database.query<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name LIKE '%cents%'`,
    );
    expect(columns).toEqual([]);
  });

  it("gives each contribution its calendar's currency, and each refund its charge's", async () => {
    expect(
      await database.query(`SELECT "name", "gift_amount", "currency" FROM "contributions" ORDER BY "name"`),
    ).toEqual([
      { name: 'Eva', gift_amount: 2500, currency: 'eur' },
      { name: 'Joe', gift_amount: null, currency: 'usd' },
    ]);
    expect(await database.query(`SELECT "id", "currency" FROM "sandbox_refunds" ORDER BY "id"`)).toEqual([
      { id: 'sbx_re_1', currency: 'gbp' },
      { id: 'sbx_re_2', currency: 'usd' },
    ]);
    // The partial index followed the renamed column.
    const [index] = await database.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'contributions_undigested_idx'`,
    );
    expect(index?.indexdef).toContain('gift_amount IS NULL');
  });

  it('puts savings goals in dollars, and none where there is no goal', async () => {
    expect(
      await database.query(
        `SELECT "user_id", "savings_goal_amount", "savings_goal_currency" FROM "user_profiles" ORDER BY "user_id"`,
      ),
    ).toEqual([
      { user_id: 'u1', savings_goal_amount: 500000, savings_goal_currency: 'usd' },
      { user_id: 'u2', savings_goal_amount: null, savings_goal_currency: null },
    ]);
  });

  it('refuses a currency outside usd/eur/gbp, a missing one, and a goal without its currency', async () => {
    const outcome = (text: string) =>
      database.query(text).then(
        () => 'accepted',
        () => 'refused',
      );
    const contribution = (currency: string) => `
      INSERT INTO "contributions" ("id", "calendar_id", "name", "email", "guessed_date", "wish", "status", "idempotency_key", "currency")
      VALUES (gen_random_uuid(), '00000000-0000-4000-8000-000000000002', 'Kim', 'kim@example.com', '2030-01-12', 'Hey', 'confirmed', gen_random_uuid()::text, ${currency})`;
    expect(await outcome(contribution("'chf'"))).toBe('refused');
    expect(await outcome(contribution('NULL'))).toBe('refused');
    expect(await outcome(contribution("'gbp'"))).toBe('accepted');
    expect(await outcome(`UPDATE "user_profiles" SET "savings_goal_currency" = 'jpy' WHERE "user_id" = 'u1'`)).toBe(
      'refused',
    );
    expect(await outcome(`UPDATE "user_profiles" SET "savings_goal_currency" = NULL WHERE "user_id" = 'u1'`)).toBe(
      'refused',
    );
    expect(await outcome(`UPDATE "user_profiles" SET "savings_goal_amount" = 100 WHERE "user_id" = 'u2'`)).toBe(
      'refused',
    );
    expect(
      await outcome(
        `UPDATE "user_profiles" SET "savings_goal_amount" = NULL, "savings_goal_currency" = NULL WHERE "user_id" = 'u1'`,
      ),
    ).toBe('accepted');
  });
});
