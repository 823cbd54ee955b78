import { randomUUID } from 'node:crypto';
import type { ContributionRequest } from '@firstday/common/contributions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { solveCaptcha } from '../../test/test-captcha.ts';
import { createActiveCalendar, DECLINED_CARD, GOOD_CARD, makeContribution } from '../../test/test-contributions.ts';
import {
  createTestCalendar,
  postStripeEvent,
  startStripeStandIn,
  useManualSandboxWebhooks,
} from '../../test/test-payments.ts';
import { TEST_ORIGIN } from '../../test/test-users.ts';
import { contributions } from '../contributions/schema.ts';
import { getClientKey } from './payment-guard.ts';
import { paymentDeclines, payments } from './schema.ts';

// The sandbox's declining test cards (Stripe's numbers): five different cards.
const DECLINING_NUMBERS = [
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '4000000000000127',
  '4000000000000119',
];
const declining = (index: number) => ({ ...DECLINED_CARD, number: DECLINING_NUMBERS[index % 5]! });

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A request from `ip` (TRUST_PROXY is on, so X-Forwarded-For is the client's address). */
function sendFrom(t: TestApp, ip: string, method: string, path: string, body: unknown, cookie = '') {
  return t.app.request(path, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

function payFee(t: TestApp, ip: string, calendarId: string, cookie: string, extra: Record<string, unknown>) {
  return sendFrom(
    t,
    ip,
    'POST',
    `/api/calendars/${calendarId}/pay`,
    { idempotencyKey: `key-${randomUUID()}`, ...extra },
    cookie,
  );
}

const withCard = (card: typeof GOOD_CARD) => ({ method: { type: 'card', card } });

async function giveFrom(
  t: TestApp,
  ip: string,
  slug: string,
  card: typeof GOOD_CARD,
  overrides: Partial<ContributionRequest> = {},
) {
  const body = await makeContribution(t, { giftAmount: 100, payment: { type: 'card', card }, ...overrides });
  return sendFrom(t, ip, 'POST', `/api/public/calendars/${slug}/contributions`, body);
}

describe('card testing on the creation fee', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    // Good cards' confirmations wait for the test (none needed here), not for a timer after close.
    useManualSandboxWebhooks(t);
  });
  afterAll(() => t.close());

  it('counts declines apart, asks for a captcha after 3, and pauses the draft after 10 declines in an hour', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const ip = '198.51.100.7';
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await payFee(t, ip, calendar.id, cookie, withCard(declining(attempt)));
      expect(response.status).toBe(200);
      expect(((await response.json()) as { payment: { status: string } }).payment.status).toBe('failed');
    }
    const declines = await t.db.select().from(paymentDeclines).where(eq(paymentDeclines.calendarId, calendar.id));
    expect(declines).toHaveLength(3);
    expect(declines[0]).toMatchObject({ purpose: 'fee', clientKey: getClientKey(t.context.env.APP_SECRET, ip) });
    expect(declines[0]!.accountId).toBe(calendar.ownerId);
    // Nothing in the clear: neither the address nor the card number.
    expect(JSON.stringify(declines)).not.toContain(ip);
    expect(JSON.stringify(declines)).not.toContain('4000000000000002');

    // The fourth attempt needs a captcha, even with a good card.
    const withoutCaptcha = await payFee(t, ip, calendar.id, cookie, withCard(GOOD_CARD));
    expect(withoutCaptcha.status).toBe(400);
    expect(await readError(withoutCaptcha)).toMatchObject({
      code: 'captcha_required',
      fields: { captchaValue: expect.any(String) },
    });

    // With a solved captcha the attempts go on, each one needing a new captcha.
    for (let attempt = 3; attempt < 10; attempt++) {
      const response = await payFee(t, ip, calendar.id, cookie, {
        ...withCard(declining(attempt)),
        captchaValue: await solveCaptcha(t),
      });
      expect(response.status).toBe(200);
    }
    // Ten declines: the draft takes no more attempts for a while, whatever the card or captcha.
    const paused = await payFee(t, '203.0.113.99', calendar.id, cookie, {
      ...withCard(GOOD_CARD),
      captchaValue: await solveCaptcha(t),
    });
    expect(paused.status).toBe(429);
    expect(await readError(paused)).toMatchObject({
      code: 'payments_paused',
      message: 'Too many declined cards. Please try again later or use another way to pay.',
    });
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(3000);
    const feeRows = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(feeRows).toHaveLength(10);
    expect(feeRows.every((row) => row.status === 'failed')).toBe(true);
  });

  it('leaves other parents alone: another account on another address pays at once', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const response = await payFee(t, '192.0.2.44', calendar.id, cookie, withCard(GOOD_CARD));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { payment: { status: string } }).payment.status).toBe('processing');
  });

  it('refuses a card declined 3 times in a day, wherever it is tried next', async () => {
    const stolen = declining(0);
    for (let attempt = 0; attempt < 3; attempt++) {
      const { calendar, cookie } = await createTestCalendar(t);
      await payFee(t, `198.18.0.${attempt + 1}`, calendar.id, cookie, withCard(stolen));
    }
    const { calendar, cookie } = await createTestCalendar(t);
    const again = await payFee(t, '198.18.0.200', calendar.id, cookie, withCard(stolen));
    expect(again.status).toBe(429);
    expect(await readError(again)).toMatchObject({ code: 'payments_paused' });
    // The same parent with another card is not held up.
    const other = await payFee(t, '198.18.0.200', calendar.id, cookie, withCard(GOOD_CARD));
    expect(other.status).toBe(200);
  });

  it('charges the fee in the currency the calendar has under the claim: a change while the fee is live is refused', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const paid = await payFee(t, '192.0.2.45', calendar.id, cookie, withCard(GOOD_CARD));
    expect(paid.status).toBe(200);
    const change = await sendFrom(
      t,
      '192.0.2.45',
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { currency: 'gbp' },
      cookie,
    );
    expect(change.status).toBe(400);
    expect(await readError(change)).toMatchObject({ code: 'currency_locked' });
    const [fee] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(fee!.currency).toBe(calendar.currency);
  });
});

/** Each gift test on an app of its own: the stolen cards' counts (per card, a day) start at zero. */
async function createGiftTestApp() {
  // A small allowance per calendar shows that declines do not use it up.
  const t = await createTestApp({
    env: { TRUST_PROXY: 'true' },
    rateLimits: {
      contributionsPerIp: { limit: 100, windowMs: 10 * 60_000 },
      contributionsPerCalendar: { limit: 10, windowMs: 10 * 60_000 },
    },
  });
  return { t, webhooks: useManualSandboxWebhooks(t) };
}

describe('card testing on the gift form', () => {
  it('pauses one address after 5 declined gifts in 10 minutes; its wishes without a gift still go through', async () => {
    const { t } = await createGiftTestApp();
    onTestFinished(() => t.close());
    const { calendar } = await createActiveCalendar(t);
    const ip = '198.51.100.20';
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await giveFrom(t, ip, calendar.slug, declining(attempt));
      expect(response.status).toBe(201);
      expect(((await response.json()) as { payment: { status: string } }).payment.status).toBe('failed');
    }
    const sixth = await giveFrom(t, ip, calendar.slug, GOOD_CARD);
    expect(sixth.status).toBe(429);
    expect(await readError(sixth)).toMatchObject({ code: 'payments_paused' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);

    const wish = await sendFrom(
      t,
      ip,
      'POST',
      `/api/public/calendars/${calendar.slug}/contributions`,
      await makeContribution(t),
    );
    expect(wish.status).toBe(201);
    // Only the pause was logged as a refusal; the declines are counted by reason.
    const metrics = await t.context.metrics.registry.metrics();
    expect(metrics).toMatch(/firstday_payment_refusals_total\{purpose="gift",rule="gift-client-pause"\} 1/);
    expect(metrics).toMatch(/firstday_payment_declines_total\{purpose="gift",reason="card_declined"\} \d+/);
  });

  it('after a wave of declines from 15 addresses, tells the parents once, pauses those addresses, and a new guest with a good card still gives', async () => {
    const { t, webhooks } = await createGiftTestApp();
    onTestFinished(() => t.close());
    const { calendar, email } = await createActiveCalendar(t);
    // 15 addresses, one declined card each (5 stolen cards, each tried 3 times): 15 declines in a
    // minute, past the calendar's allowance of 10 attempts, which declines do not use up.
    for (let source = 0; source < 15; source++) {
      const response = await giveFrom(t, `203.0.113.${source + 1}`, calendar.slug, declining(source));
      expect(response.status).toBe(201);
    }
    const declines = await t.db
      .select()
      .from(paymentDeclines)
      .where(and(eq(paymentDeclines.calendarId, calendar.id), eq(paymentDeclines.purpose, 'gift')));
    expect(declines).toHaveLength(15);

    // During the burst, an address whose gift was declined here is paused at once.
    const again = await giveFrom(t, '203.0.113.1', calendar.slug, GOOD_CARD);
    expect(again.status).toBe(429);

    // A real guest with a good card, from an address with no decline, gives as before.
    const guest = await giveFrom(t, '192.0.2.77', calendar.slug, GOOD_CARD, { name: 'Aunt Lisa' });
    expect(guest.status).toBe(201);
    const { contributionId } = (await guest.json()) as { contributionId: string };
    await webhooks.deliverAll();
    const [given] = await t.db.select().from(contributions).where(eq(contributions.id, contributionId));
    expect(given!.status).toBe('confirmed');

    // The parents hear of it once, however long the wave goes on.
    await giveFrom(t, '203.0.113.100', calendar.slug, { ...GOOD_CARD, number: '4000000000000002' });
    await t.sendQueuedMail();
    const alerts = t.mailCatcher.list(email).filter((mail) => mail.subject.includes('stolen cards'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Nothing was charged');
  });
});

describe('card testing with Stripe (offline stand-in)', () => {
  const WEBHOOK_SECRET = 'whsec_test_guard';
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_API_BASE: standIn.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('counts a decline reported by webhook against the address that asked, once, and cancels the intent so it cannot be tried again', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const ip = '198.51.100.99';
    const response = await payFee(t, ip, calendar.id, cookie, { method: { type: 'stripe' } });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    standIn.decline(row!.providerRef!, 'stolen_card');
    const event = {
      type: 'payment_intent.payment_failed',
      object: { id: row!.providerRef!, object: 'payment_intent' },
    };
    expect((await postStripeEvent(t, event, WEBHOOK_SECRET)).status).toBe(200);
    // The same news again (a replay or a second event) counts nothing more.
    expect((await postStripeEvent(t, event, WEBHOOK_SECRET)).status).toBe(200);

    const declines = await t.db.select().from(paymentDeclines).where(eq(paymentDeclines.paymentId, row!.id));
    expect(declines).toHaveLength(1);
    expect(declines[0]).toMatchObject({
      reason: 'stolen_card',
      clientKey: getClientKey(t.context.env.APP_SECRET, ip),
      accountId: calendar.ownerId,
    });
    expect(declines[0]!.cardKey).toEqual(expect.any(String));
    expect(standIn.intents.get(row!.providerRef!)!.status).toBe('canceled');
    const [after] = await t.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(after!.status).toBe('failed');
  });
});
