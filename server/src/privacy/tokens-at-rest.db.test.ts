import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/test-app.ts';
import { solveCaptcha } from '../../test/test-captcha.ts';
import {
  createActiveCalendar,
  createContributionTestApp,
  GOOD_CARD,
  makeContribution,
  postContribution,
} from '../../test/test-contributions.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';

// The retention schedule's 'mail-body' rule: once an e-mail is sent, no link it carried (and no
// token in it) can be found anywhere in the database, in a form that would open anything.
let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

/** Every token-like value of every link in the mails: its long query values (token=, oobCode=), not paths. */
function findLinkTokens(texts: string[]): Set<string> {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const [url] of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const parsed = new URL(url.replace(/&amp;/g, '&'));
      for (const value of parsed.searchParams.values())
        if (value.length >= 16 && !value.startsWith('/')) tokens.add(value);
    }
  }
  return tokens;
}

/** Every text, JSON and text-array column of every table in the public schema. */
async function listTextColumns(): Promise<{ table: string; column: string }[]> {
  const result = (await t.db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
    order by table_name, column_name`)) as unknown as { rows: { table: string; column: string }[] };
  return result.rows;
}

/** Where any of `tokens` is found: one query per column, `table.column: token` for each hit. */
async function findTokensInDatabase(tokens: string[], columns: { table: string; column: string }[]) {
  const found: string[] = [];
  for (const { table, column } of columns) {
    const value = sql`${sql.identifier(column)}::text`;
    const result = (await t.db.execute(sql`
      select ${value} as value from ${sql.identifier(table)}
      where ${sql.join(
        tokens.map((token) => sql`position(${token} in ${value}) > 0`),
        sql` or `,
      )}`)) as unknown as { rows: { value: string }[] };
    for (const { value: text } of result.rows) {
      for (const token of tokens) if (text.includes(token)) found.push(`${table}.${column}: ${token}`);
    }
  }
  return found;
}

describe('no e-mailed token at rest', () => {
  it('finds none of the tokens of a sign-up, a reset, a gift and a newsletter sign-up once their mail is sent', async () => {
    const parentEmail = `parent-${randomUUID()}@example.com`;
    await createVerifiedUser(t, parentEmail);
    const reset = await sendJson(t, 'POST', '/api/account/password-reset', {
      email: parentEmail,
      captchaValue: await solveCaptcha(t),
    });
    expect(reset.status).toBe(200);

    const { calendar } = await createActiveCalendar(t);
    const guestEmail = `guest-${randomUUID()}@example.com`;
    const gift = await postContribution(
      t,
      calendar.slug,
      await makeContribution(t, { email: guestEmail, giftAmount: 2500, payment: { type: 'card', card: GOOD_CARD } }),
    );
    expect(gift.status).toBe(201);
    await webhooks.deliverAll();

    const subscriberEmail = `reader-${randomUUID()}@example.com`;
    expect((await postJson(t.app, '/api/emails/subscribe', { email: subscriberEmail })).status).toBe(200);

    const caught = () => [parentEmail, guestEmail, subscriberEmail].flatMap((to) => t.mailCatcher.list(to));
    await expect
      .poll(
        async () => {
          await t.sendQueuedMail();
          return caught().map((mail) => mail.subject);
        },
        { timeout: 15_000 },
      )
      .toEqual(
        expect.arrayContaining([
          'Confirm your email for Firstday',
          'Reset your Firstday password',
          'Thank you for your wish and your gift',
          'Please confirm your Firstday subscription',
        ]),
      );
    const mails = caught();
    const tokens = findLinkTokens(mails.flatMap((mail) => [mail.text, mail.html]));
    // A verification JWT, a reset code, an edit token, a newsletter confirmation and unsubscribe links.
    expect(tokens.size).toBeGreaterThanOrEqual(5);

    const columns = await listTextColumns();
    expect(columns.map((column) => `${column.table}.${column.column}`)).toContain('mail_outbox.html');
    expect(await findTokensInDatabase([...tokens], columns)).toEqual([]);
  });
});
