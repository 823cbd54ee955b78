import { randomUUID } from 'node:crypto';
import { CREATION_FEE_AMOUNT } from '@firstday/common/calendars';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createTestCalendar, forFee, postStripeEvent, startStripeStandIn } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
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

/** The real Stripe SDK pointed at the stand-in, to see what it answers a request as written. */
function createSdk() {
  const base = new URL(standIn.url);
  return new Stripe('sk_test_standin', {
    host: base.hostname,
    port: base.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/** A fee payment row as a crashed or lost call leaves it: 'pending', no reference, made `minutes` ago. */
async function insertPendingFee(calendarId: string, key: string, minutes: number) {
  const id = randomUUID();
  const at = sql`now() - make_interval(mins => ${minutes})`;
  await t.db.insert(payments).values({
    id,
    calendarId,
    purpose: 'fee',
    provider: 'stripe',
    amount: CREATION_FEE_AMOUNT,
    method: 'stripe',
    idempotencyKey: key,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

async function getPayment(id: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

const intentsWithKey = (key: string) =>
  [...standIn.intents.values()].filter((intent) => intent.metadata.idempotencyKey === key);

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

  describe('like Stripe, the stand-in', () => {
    it('answers latest_charge as an id unless expanded; the product expands every intent it reads', async () => {
      const sdk = createSdk();
      const key = newKey();
      const made = await sdk.paymentIntents.create(
        { amount: 500, currency: 'usd', metadata: { idempotencyKey: key } },
        { idempotencyKey: key },
      );
      standIn.succeed(made.id, '1881');
      const plain = await sdk.paymentIntents.retrieve(made.id);
      expect(plain.latest_charge).toMatch(/^ch_/);
      const expanded = await sdk.paymentIntents.retrieve(made.id, { expand: ['latest_charge'] });
      expect(expanded.latest_charge).toMatchObject({
        object: 'charge',
        payment_method_details: { card: { last4: '1881' } },
      });
      const found = await sdk.paymentIntents.search({ query: `metadata['idempotencyKey']:'${key}'` });
      expect(found.data[0]!.latest_charge).toMatch(/^ch_/);

      // The product asks for the charge wherever it reads one: retrieve, search's follow-up, create.
      expect(await t.context.payments.retrievePayment(made.id)).toMatchObject({
        status: 'succeeded',
        cardLast4: '1881',
      });
      expect(await t.context.payments.findPaymentByIdempotencyKey(key)).toMatchObject({ cardLast4: '1881' });
      const before = standIn.requests.length;
      await t.context.payments.createPayment({
        amount: CREATION_FEE_AMOUNT,
        currency: 'usd',
        idempotencyKey: newKey(),
        method: { type: 'stripe' },
        metadata: { calendarId: randomUUID(), paymentId: randomUUID(), purpose: 'fee' },
      });
      const create = standIn.requests.slice(before).find((request) => request.method === 'POST')!;
      expect(create.body.get('expand[0]')).toBe('latest_charge');
    });

    it('refuses an idempotency key used again with other parameters (idempotency_error), on every POST', async () => {
      const sdk = createSdk();
      const key = newKey();
      const first = await sdk.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: key });
      // The same request again is the same intent, answered as it was made.
      expect((await sdk.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: key })).id).toBe(
        first.id,
      );
      const changed = sdk.paymentIntents.create({ amount: 900, currency: 'usd' }, { idempotencyKey: key });
      await expect(changed).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      await expect(changed).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
      // Another endpoint under the same key, and a Connect account with another country, too.
      await expect(sdk.refunds.create({ payment_intent: first.id }, { idempotencyKey: key })).rejects.toBeInstanceOf(
        Stripe.errors.StripeIdempotencyError,
      );
      const accountKey = newKey();
      await sdk.accounts.create({ country: 'DE' }, { idempotencyKey: accountKey });
      await expect(sdk.accounts.create({ country: 'FR' }, { idempotencyKey: accountKey })).rejects.toBeInstanceOf(
        Stripe.errors.StripeIdempotencyError,
      );
      expect(intentsWithKey(key)).toHaveLength(0);
    });
  });

  it('fails a payment whose key Stripe holds for other parameters at once: a 409, no charge, a new key pays', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const key = newKey();
    // Something else (another environment on the same Stripe account, say) used the key first.
    await createSdk().paymentIntents.create(
      { amount: 999, currency: 'usd', metadata: { idempotencyKey: key, paymentId: randomUUID() } },
      { idempotencyKey: key },
    );
    const intentsBefore = standIn.intents.size;
    // The pay route answers 409 (start again), not a 500 nor a 503 that a retry would only repeat.
    const pay = (body: { idempotencyKey: string }) =>
      sendJson(t, 'POST', `/api/calendars/${calendar.id}/pay`, { ...body, method: { type: 'stripe' } }, cookie);
    const refused = await pay({ idempotencyKey: key });
    expect(refused.status).toBe(409);
    expect((await readError(refused)).code).toBe('idempotency_key_reused');
    // The same attempt again is answered from our row: still no intent of ours.
    expect((await pay({ idempotencyKey: key })).status).toBe(200);
    const [failed] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'idempotency_key_reused', providerRef: null });
    expect(standIn.intents.size).toBe(intentsBefore);

    // Reconciliation does not take the other request's intent (found by the key) for this payment.
    await reconcilePayments(t.context, { olderThanMs: 0 });
    expect(await getPayment(failed!.id)).toMatchObject({ status: 'failed', providerRef: null });

    const retry = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: { type: 'stripe' },
    });
    expect(retry).toMatchObject({ status: 'processing', clientSecret: expect.stringMatching(/^pi_/) });
    expect(standIn.intents.size).toBe(intentsBefore + 1);
  });

  it('gives up a pending payment whose key search finds on another payment, instead of taking that intent', async () => {
    const { calendar } = await createTestCalendar(t);
    const key = newKey();
    await createSdk().paymentIntents.create(
      { amount: CREATION_FEE_AMOUNT, currency: 'usd', metadata: { idempotencyKey: key, paymentId: randomUUID() } },
      { idempotencyKey: key },
    );
    const paymentId = await insertPendingFee(calendar.id, key, 20);
    await reconcilePayments(t.context, { olderThanMs: 0 });
    expect(await getPayment(paymentId)).toMatchObject({
      status: 'failed',
      failureCode: 'abandoned',
      providerRef: null,
    });
  });

  describe("with Stripe's search lagging behind its writes", () => {
    it('keeps a payment whose intent is not searchable yet open, and records it once search sees it', async () => {
      const { calendar } = await createTestCalendar(t);
      const key = newKey();
      // A same-key retry 9 minutes on (still inside the call window) makes the intent, but its
      // answer is lost on the way back, the SDK's retry's too: the row keeps no reference.
      const paymentId = await insertPendingFee(calendar.id, key, 9);
      standIn.setSearchLag(60_000);
      standIn.loseReplies(2);
      try {
        await expect(
          startFeePayment(t.context, { calendar: forFee(calendar), idempotencyKey: key, method: { type: 'stripe' } }),
        ).rejects.toMatchObject({ code: 'payment_unavailable', status: 503 });
      } finally {
        standIn.setSearchLag(0);
        standIn.loseReplies(0);
      }
      const [intent] = intentsWithKey(key);
      expect(intent).toBeDefined();
      standIn.succeed(intent!.id);

      // The start-up pass (any age) and a later one: search finds nothing, nothing is concluded.
      await reconcilePayments(t.context, { olderThanMs: 0 });
      await reconcilePayments(t.context, { olderThanMs: 0 });
      expect(await getPayment(paymentId)).toMatchObject({ status: 'pending', providerRef: null });
      expect(await getCalendarStatus(calendar.id)).toBe('draft');

      standIn.indexSearch();
      await reconcilePayments(t.context, { olderThanMs: 0 });
      expect(await getPayment(paymentId)).toMatchObject({ status: 'succeeded', providerRef: intent!.id });
      expect(await getCalendarStatus(calendar.id)).toBe('active');
      expect(intentsWithKey(key)).toHaveLength(1);
    });

    it('does not call Stripe for a same-key retry past the call window, so a payment search cannot find is given up safely', async () => {
      const { calendar } = await createTestCalendar(t);
      const key = newKey();
      const paymentId = await insertPendingFee(calendar.id, key, 11);
      const before = standIn.requests.length;
      const answer = await startFeePayment(t.context, {
        calendar: forFee(calendar),
        idempotencyKey: key,
        method: { type: 'stripe' },
      });
      expect(answer.status).toBe('processing');
      expect(standIn.requests.slice(before).filter((request) => request.method === 'POST')).toHaveLength(0);
      expect(intentsWithKey(key)).toHaveLength(0);

      // Not found, but still inside the window plus the search lag: kept.
      await reconcilePayments(t.context, { olderThanMs: 0, abandonAfterMs: 0 });
      expect((await getPayment(paymentId)).status).toBe('pending');
      // Past it: given up, which frees the calendar for a new attempt.
      await t.db
        .update(payments)
        .set({ createdAt: sql`now() - interval '16 minutes'` })
        .where(eq(payments.id, paymentId));
      await reconcilePayments(t.context, { olderThanMs: 0 });
      expect(await getPayment(paymentId)).toMatchObject({ status: 'failed', failureCode: 'abandoned' });
    });
  });
});
