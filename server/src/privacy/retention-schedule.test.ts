import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RETENTION_SCHEDULE } from '@firstday/common/retention-schedule';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every table's personal data, whole tables (every row is about a person) or single columns.
 * A new table or column with personal data goes here and into the schedule
 * (common/src/retention-schedule.ts); this test fails until both say how long it is kept.
 */
const PERSONAL_DATA = [
  'user',
  'account',
  'account_activity',
  'session',
  'verification',
  'pending_sign_ups',
  'user_profiles',
  'calendars',
  'images',
  'image_variants',
  'announcements',
  'thank_you_notes',
  'contributions.name',
  'contributions.email',
  'contributions.wish',
  'contributions.edit_token_hash',
  'mail_outbox.to',
  'mail_outbox.subject',
  'mail_outbox.text',
  'mail_outbox.html',
  'mail_outbox.headers',
  'mail_outbox.last_error',
  'mail_suppressions',
  'newsletter_subscribers',
  'captcha_solutions',
  'rate_limits',
  'auth_rate_limit',
  'failure_throttles',
  'payment_declines',
  'payments.card_last4',
  'payments.payer_account_id',
  'payments.provider_ref',
  'payments.client_key',
  'payouts.provider_ref',
  'payouts.failure_reason',
  'sandbox_charges.card_last4',
  'sandbox_charges.metadata',
  'sandbox_transfers.destination',
  'sandbox_accounts.destination',
];

/** Tables that hold nothing about a person beyond the ids of rows covered above. */
const NO_PERSONAL_DATA = ['jobs', 'ledger_entries', 'payment_webhook_events', 'sandbox_refunds'];

/** Every table of every feature's schema.ts, as drizzle-kit finds them (server/drizzle.config.ts). */
async function loadTables() {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('schema.ts'));
  const modules: Record<string, unknown>[] = await Promise.all(files.map((file) => import(join(root, file))));
  return modules
    .flatMap((module) => Object.values(module))
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table));
}

let tables: Awaited<ReturnType<typeof loadTables>>;
beforeAll(async () => {
  tables = await loadTables();
});

describe('the retention schedule', () => {
  it('knows every table: it holds personal data, or it is listed as holding none', () => {
    const personalTables = new Set(PERSONAL_DATA.map((entry) => entry.split('.')[0]));
    const unknown = tables
      .map((table) => table.name)
      .filter((name) => !personalTables.has(name) && !NO_PERSONAL_DATA.includes(name));
    expect(unknown).toEqual([]);
    expect(tables.length).toBeGreaterThanOrEqual(30);
  });

  it('names real tables and columns, and says how long each kind of personal data is kept', () => {
    const columns = new Set(
      tables.flatMap((table) => [table.name, ...table.columns.map((c) => `${table.name}.${c.name}`)]),
    );
    const scheduled = RETENTION_SCHEDULE.flatMap((rule) => rule.data);
    expect(scheduled.filter((entry) => !columns.has(entry))).toEqual([]);
    const covered = (entry: string) => scheduled.some((data) => data === entry || data === entry.split('.')[0]);
    expect(PERSONAL_DATA.filter((entry) => !covered(entry))).toEqual([]);
  });
});
