import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar, GOOD_CARD, makeContribution, postContribution } from '../../test/test-contributions.ts';
import { useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { watchStatements } from '../lib/db.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { ledgerEntries, payments } from '../payments/schema.ts';
import { contributions } from './schema.ts';

// The card gift's statement budget (issue 27, decision 032): what one gift costs the database,
// counted at the driver from the server's own connections. The sandbox's statements on its own
// tables are the provider's side (Stripe's, in production) and are counted apart.
const REQUEST_BUDGET = 3;
const OUR_SIDE_BUDGET = 8;
const WRITE_TRANSACTION_BUDGET = 2;

const METRICS_TOKEN = 'metrics-token-for-the-statement-test';

let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  // As `npm run bench:api` runs it: no proof of work for its contributors (the captcha's own
  // statements are the captcha's, not the gift's).
  t = await createTestApp({ env: { BENCH_DISABLE_CAPTCHA: 'true', METRICS_TOKEN } });
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(() => t.close());

const isProviderSide = (statement: string) => /\bsandbox_\w+/.test(statement);
const WRITE = /\b(insert\s+into|update\s+"?\w+"?(\s+as\s+\w+)?\s+set|delete\s+from)\b/i;

/** Write transactions among `statements`: each BEGIN…COMMIT that writes, and each write sent on its own. */
function countWriteTransactions(statements: string[]): number {
  let count = 0;
  let inTransaction = false;
  let writes = false;
  for (const statement of statements) {
    const text = statement.trim().toLowerCase();
    if (text === 'begin') {
      inTransaction = true;
      writes = false;
    } else if (text === 'commit' || text === 'rollback') {
      if (writes && text === 'commit') count++;
      inTransaction = false;
    } else if (WRITE.test(statement)) {
      if (inTransaction) writes = true;
      else count++;
    }
  }
  return count;
}

async function readStatementsMetric(): Promise<number> {
  const response = await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const match = (await response.text()).match(/^firstday_db_statements_total (\d+)$/m);
  expect(match).not.toBeNull();
  return Number(match![1]);
}

describe('one card gift', () => {
  it(`costs at most ${REQUEST_BUDGET} statements in the request, ${OUR_SIDE_BUDGET} in all and ${WRITE_TRANSACTION_BUDGET} write transactions, with every record in place`, async () => {
    const { calendar } = await createActiveCalendar(t, { hideTotal: false });
    const body = await makeContribution(t, {
      captchaValue: 'bench',
      giftAmount: 3500,
      payment: { type: 'card', card: GOOD_CARD },
    });
    const metricBefore = await readStatementsMetric();

    const request = await watchStatements(async () => {
      const response = await postContribution(t, calendar.slug, body);
      return { status: response.status, answer: await response.json() };
    });
    expect(request.result.status).toBe(201);
    expect(request.result.answer).toMatchObject({ status: 'pending_payment', payment: { status: 'processing' } });
    expect(webhooks.pending).toBe(1);
    const webhook = await watchStatements(() => webhooks.deliverAll());
    expect(webhooks.responses.at(-1)).toBe(200);

    const ours = {
      request: request.statements.filter((statement) => !isProviderSide(statement)),
      webhook: webhook.statements.filter((statement) => !isProviderSide(statement)),
    };
    const all = [...ours.request, ...ours.webhook];
    const report = JSON.stringify(ours, null, 1);
    expect(ours.request.length, report).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(all.length, report).toBeLessThanOrEqual(OUR_SIDE_BUDGET);
    expect(countWriteTransactions(all), report).toBeLessThanOrEqual(WRITE_TRANSACTION_BUDGET);
    // The provider's side did happen (a charge, its confirmation): it is only counted apart.
    expect([...request.statements, ...webhook.statements].some(isProviderSide)).toBe(true);

    // The metric counts the same statements (and, between the scrapes, nothing else ran here).
    const counted = request.statements.length + webhook.statements.length;
    expect(await readStatementsMetric()).toBeGreaterThanOrEqual(metricBefore + counted);

    // Every guarantee's record is there: the gift confirmed with its edit token, the payment
    // succeeded with the provider's reference, its ledger entry, the receipt and the parents' e-mail.
    const contributionId = (request.result.answer as { contributionId: string }).contributionId;
    const [contribution] = await t.db.select().from(contributions).where(eq(contributions.id, contributionId));
    expect(contribution).toMatchObject({ status: 'confirmed', giftAmount: 3500 });
    expect(contribution!.editTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, contribution!.paymentId!));
    expect(payment).toMatchObject({ status: 'succeeded', purpose: 'gift', cardLast4: '4242', amount: 3500 });
    expect(payment!.providerRef).toMatch(/^sbx_/);
    expect(payment!.idempotencyKey).toBe(`gift:${body.idempotencyKey}`);
    const ledger = await t.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, `payment:${payment!.id}:succeeded`));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { account: 'customer_funds', amount: 3500 },
        { account: `calendar:${calendar.id}`, amount: -3500 },
      ]),
    );
    const mail = await t.db
      .select({ dedupeKey: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `%${contributionId}`));
    expect(mail.map((row) => row.dedupeKey).sort()).toEqual([
      `contribution-receipt:${contributionId}`,
      `gift-notification:${contributionId}`,
    ]);
  });
});
