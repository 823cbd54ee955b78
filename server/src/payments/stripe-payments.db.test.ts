import { randomUUID } from 'node:crypto';
import { CREATION_FEE_AMOUNT } from '@firstday/common/calendars';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createTestCalendar, forFee, postStripeEvent, startStripeStandIn } from '../../test/test-payments.ts';
import { calendars } from '../calendars/schema.ts';
import { startFeePayment } from './charge-payments.ts';
import { reconcilePayments } from './reconcile.ts';
import { payments, paymentWebhookEvents } from './schema.ts';

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
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

const newKey = () => `key-${randomUUID()}`;

function sendStripeEvent(
  event: { id?: string; type: string; object: Record<string, unknown> },
  secret = WEBHOOK_SECRET,
) {
  return postStripeEvent(t, event, secret);
}

async function getCalendarStatus(id: string) {
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, id));
  return row!.status;
}

describe('fee payment with Stripe (offline stand-in)', () => {
  it('tells the browser that Stripe is on', async () => {
    const response = await t.app.request('/api/config');
    expect(((await response.json()) as { payments: unknown }).payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
    });
  });

  it('creates one PaymentIntent with the idempotency key forwarded, and activates only on a verified, re-read success', async () => {
    const { calendar, email } = await createTestCalendar(t);
    const key = newKey();
    const before = standIn.requests.length;
    const answer = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: key,
      method: { type: 'stripe' },
    });
    expect(answer.status).toBe('processing');
    expect(answer.clientSecret).toMatch(/^pi_\w+_secret_/);

    const create = standIn.requests.slice(before).find((request) => request.method === 'POST')!;
    expect(create.path).toBe('/v1/payment_intents');
    expect(create.idempotencyKey).toBe(key);
    expect(create.body.get('amount')).toBe(String(CREATION_FEE_AMOUNT));
    expect(create.body.get('currency')).toBe('usd');
    expect(create.body.get('automatic_payment_methods[enabled]')).toBe('true');
    const [row] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(create.body.get('metadata[calendarId]')).toBe(calendar.id);
    expect(create.body.get('metadata[paymentId]')).toBe(row!.id);
    expect(create.body.get('metadata[purpose]')).toBe('fee');
    expect(row).toMatchObject({ provider: 'stripe', status: 'processing', method: 'stripe' });
    const intentId = row!.providerRef!;
    expect(intentId).toMatch(/^pi_/);

    // A double click (same key) and a second tab (new key) get the same intent to confirm.
    const again = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: key,
      method: { type: 'stripe' },
    });
    const otherTab = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: { type: 'stripe' },
    });
    expect(again.clientSecret).toBe(answer.clientSecret);
    expect(otherTab.clientSecret).toBe(answer.clientSecret);
    expect(standIn.intents.size).toBe(1);

    // An event claiming success is not believed: Stripe still says the intent is unpaid.
    const early = await sendStripeEvent({
      type: 'payment_intent.succeeded',
      object: { id: intentId, object: 'payment_intent', status: 'succeeded' },
    });
    expect(early.status).toBe(200);
    expect(await getCalendarStatus(calendar.id)).toBe('draft');

    standIn.succeed(intentId, '4242');
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const confirmed = await sendStripeEvent({
      id: eventId,
      type: 'payment_intent.succeeded',
      object: { id: intentId, object: 'payment_intent' },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ received: true });
    expect(await getCalendarStatus(calendar.id)).toBe('active');
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(paid).toMatchObject({ status: 'succeeded', cardLast4: '4242' });

    const replay = await sendStripeEvent({
      id: eventId,
      type: 'payment_intent.succeeded',
      object: { id: intentId, object: 'payment_intent' },
    });
    expect(replay.status).toBe(200);
    await t.sendQueuedMail();
    const receipts = t.mailCatcher.list(email).filter((mail) => mail.subject === 'Your Firstday calendar is active');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('card ending in 4242');
  });

  it('refuses card and wallet details: card data never reaches this server', async () => {
    const { calendar } = await createTestCalendar(t);
    for (const method of [
      {
        type: 'card' as const,
        card: { number: '4242424242424242', holderName: 'Anna', expiry: '12/39', cvc: '123' },
      },
      { type: 'wallet' as const, wallet: 'apple_pay' as const },
    ]) {
      await expect(
        startFeePayment(t.context, { calendar: forFee(calendar), idempotencyKey: newKey(), method }),
      ).rejects.toMatchObject({
        code: 'payment_method_unavailable',
        status: 400,
      });
    }
    expect(await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id))).toHaveLength(0);
  });

  it('refuses a webhook with a bad signature and ignores event types off the allowlist', async () => {
    const { calendar } = await createTestCalendar(t);
    await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: { type: 'stripe' },
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    standIn.succeed(row!.providerRef!);

    const forged = await sendStripeEvent(
      { type: 'payment_intent.succeeded', object: { id: row!.providerRef, object: 'payment_intent' } },
      'whsec_someone_else',
    );
    expect(forged.status).toBe(400);
    expect((await readError(forged)).code).toBe('invalid_signature');
    const unsigned = await t.app.request('/api/payments/webhooks/stripe', { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);

    const offList = await sendStripeEvent({
      id: 'evt_off_allowlist',
      type: 'payment_intent.amount_capturable_updated',
      object: { id: row!.providerRef, object: 'payment_intent' },
    });
    expect(offList.status).toBe(200);
    expect(await getCalendarStatus(calendar.id)).toBe('draft');
    const recorded = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, 'evt_off_allowlist'));
    expect(recorded).toHaveLength(0);

    // The sandbox's webhook path does not exist while Stripe is on.
    const sandbox = await t.app.request('/api/payments/webhooks/sandbox', { method: 'POST', body: '{}' });
    expect(sandbox.status).toBe(404);

    // Reconciliation finds the success even without a webhook.
    await t.db.update(payments).set({ updatedAt: sql`now() - interval '2 minutes'` }).where(eq(payments.id, row!.id));
    await reconcilePayments(t.context);
    expect(await getCalendarStatus(calendar.id)).toBe('active');
  });

  it('finds an intent whose id was never stored by its idempotency key (crash repair)', async () => {
    const { calendar } = await createTestCalendar(t);
    const key = newKey();
    const paymentId = randomUUID();
    await t.db.insert(payments).values({
      id: paymentId,
      calendarId: calendar.id,
      purpose: 'fee',
      provider: 'stripe',
      amount: CREATION_FEE_AMOUNT,
      method: 'stripe',
      idempotencyKey: key,
      createdAt: sql`now() - interval '2 minutes'`,
      updatedAt: sql`now() - interval '2 minutes'`,
    });
    const created = await t.context.payments.createPayment({
      amount: CREATION_FEE_AMOUNT,
      currency: 'usd',
      idempotencyKey: key,
      method: { type: 'stripe' },
      metadata: { calendarId: calendar.id, paymentId, purpose: 'fee' },
    });
    standIn.succeed(created.reference);

    await reconcilePayments(t.context);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'succeeded', providerRef: created.reference });
    expect(await getCalendarStatus(calendar.id)).toBe('active');
  });
});
