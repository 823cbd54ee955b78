import { randomUUID } from 'node:crypto';
import { CREATION_FEE_AMOUNT } from '@firstday/common/calendars';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createTestCalendar, forFee, useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { startFeePayment } from './charge-payments.ts';
import { RECONCILE_AFTER_START_JOB, reconcilePayments } from './reconcile.ts';
import { deriveSandboxSigningKey, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-provider.ts';
import { payments, paymentWebhookEvents, sandboxCharges } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(() => t.close());

const GOOD_CARD = { number: '4242 4242 4242 4242', holderName: 'Anna Miller', expiry: '12/39', cvc: '123' };
const card = (number: string) => ({ type: 'card' as const, card: { ...GOOD_CARD, number: number.replace(/ /g, '') } });
const newKey = () => `key-${randomUUID()}`;

async function getCalendar(id: string) {
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, id));
  return row!;
}
async function getPayments(calendarId: string) {
  return t.db.select().from(payments).where(eq(payments.calendarId, calendarId));
}
async function countCharges(paymentIds: string[]) {
  const rows = await t.db.select().from(sandboxCharges);
  return rows.filter((row) => paymentIds.some((id) => row.metadata?.includes(id))).length;
}
async function getReceipts(email: string) {
  await t.sendQueuedMail();
  return t.mailCatcher.list(email).filter((mail) => mail.subject === 'Your Firstday calendar is active');
}
function postSandboxWebhook(body: string, signature: string) {
  return t.app.request('/api/payments/webhooks/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    body,
  });
}

describe('fee payment with the sandbox', () => {
  it('makes one charge for 20 concurrent calls with the same key, then one activation and one receipt', async () => {
    const { calendar, email } = await createTestCalendar(t);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        startFeePayment(t.context, {
          calendar: forFee(calendar),
          idempotencyKey: key,
          method: card('4242424242424242'),
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set(['processing']));
    const rows = await getPayments(calendar.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processing', amount: CREATION_FEE_AMOUNT, cardLast4: '4242' });
    expect(await countCharges([rows[0]!.id])).toBe(1);
    expect(await getCalendar(calendar.id)).toMatchObject({ status: 'draft', payoutRecipientRef: null });

    expect(webhooks.pending).toBe(1);
    await webhooks.deliverAll();
    expect(webhooks.responses.at(-1)).toBe(200);

    const active = await getCalendar(calendar.id);
    expect(active).toMatchObject({ status: 'active', wizardStep: 5 });
    expect(active.activatedAt).toBeInstanceOf(Date);
    // Paid for: the payout recipient of its IBAN is made (in the background).
    await expect.poll(async () => (await getCalendar(calendar.id)).payoutRecipientRef).toMatch(/^sbx_acct_/);
    expect((await getPayments(calendar.id))[0]!.status).toBe('succeeded');
    const receipts = await getReceipts(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$20.00');
    expect(receipts[0]!.text).toContain('card ending in 4242');
    expect(receipts[0]!.text).toContain(`http://firstday.test/c/${calendar.slug}`);
    expect(receipts[0]!.text).toContain('http://firstday.test/my_calendars');

    // The same key afterwards answers the same, now succeeded, payment.
    const again = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: key,
      method: card('4242424242424242'),
    });
    expect(again).toEqual({ status: 'succeeded' });
    expect(await countCharges([rows[0]!.id])).toBe(1);
  });

  it('makes one charge for 20 concurrent Pay requests with different keys (HTTP route)', async () => {
    const { calendar, email, cookie } = await createTestCalendar(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sendJson(
          t,
          'POST',
          `/api/calendars/${calendar.id}/pay`,
          index % 2 === 0
            ? { idempotencyKey: newKey(), method: { type: 'wallet', wallet: 'apple_pay' } }
            : { idempotencyKey: newKey(), method: { type: 'card', card: GOOD_CARD } },
          cookie,
        ),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(((await response.json()) as { payment: { status: string } }).payment.status).toBe('processing');
    }
    const rows = await getPayments(calendar.id);
    expect(rows).toHaveLength(1);
    expect(await countCharges([rows[0]!.id])).toBe(1);

    await webhooks.deliverAll();
    expect((await getCalendar(calendar.id)).status).toBe('active');
    expect(await getReceipts(email)).toHaveLength(1);

    const afterwards = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/pay`,
      { idempotencyKey: newKey(), method: { type: 'card', card: GOOD_CARD } },
      cookie,
    );
    expect(afterwards.status).toBe(409);
    expect((await readError(afterwards)).code).toBe('already_paid');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('declines %s with %s, keeps the draft and allows a retry with a new key', async (number, failureCode) => {
    const { calendar, email } = await createTestCalendar(t);
    const key = newKey();
    const failed = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: key,
      method: card(number),
    });
    expect(failed).toEqual({ status: 'failed', failureCode });
    expect(webhooks.pending).toBe(0);
    const [row] = await getPayments(calendar.id);
    expect(row).toMatchObject({ status: 'failed', failureCode, cardLast4: number.slice(-4) });
    expect((await getCalendar(calendar.id)).status).toBe('draft');

    // The same key is the same attempt: still failed, no second charge.
    expect(
      await startFeePayment(t.context, { calendar: forFee(calendar), idempotencyKey: key, method: card(number) }),
    ).toEqual(failed);

    const retry = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: card('4242424242424242'),
    });
    expect(retry.status).toBe('processing');
    await webhooks.deliverAll();
    expect((await getCalendar(calendar.id)).status).toBe('active');
    const rows = await getPayments(calendar.id);
    expect(rows.map((payment) => payment.status).sort()).toEqual(['failed', 'succeeded']);
    expect(await countCharges(rows.map((payment) => payment.id))).toBe(2);
    expect(await getReceipts(email)).toHaveLength(1);
  });

  it('stores only the last four digits of a card', async () => {
    const { calendar } = await createTestCalendar(t);
    await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: card('4242424242424242'),
    });
    await webhooks.deliverAll();
    const [row] = await getPayments(calendar.id);
    expect(row!.cardLast4).toBe('4242');
    const dump = await t.db.execute(sql`
      select (select coalesce(json_agg(p), '[]') from payments p)::text
        || (select coalesce(json_agg(s), '[]') from sandbox_charges s)::text
        || (select coalesce(json_agg(m), '[]') from mail_outbox m)::text as everything`);
    const text = (dump as unknown as { rows: { everything: string }[] }).rows[0]!.everything;
    expect(text).toContain('4242');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('Anna Miller');
    expect(text).not.toContain('12/39');
  });

  it('treats a replayed webhook as a no-op', async () => {
    const { calendar, email } = await createTestCalendar(t);
    await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: card('4242424242424242'),
    });
    const [row] = await getPayments(calendar.id);
    // Settle the charge without delivering, then deliver one signed event twice.
    await t.db.update(sandboxCharges).set({ status: 'succeeded' }).where(eq(sandboxCharges.id, row!.providerRef!));
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'charge.succeeded',
      data: { reference: row!.providerRef },
    });
    const signature = signSandboxPayload(deriveSandboxSigningKey(t.context.env.APP_SECRET), body);

    const first = await postSandboxWebhook(body, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const activatedAt = (await getCalendar(calendar.id)).activatedAt;
    const replay = await postSandboxWebhook(body, signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true });

    expect((await getCalendar(calendar.id)).activatedAt).toEqual(activatedAt);
    const events = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, JSON.parse(body).id));
    expect(events).toHaveLength(1);
    expect(await getReceipts(email)).toHaveLength(1);
    await webhooks.deliverAll();
    expect(await getReceipts(email)).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { calendar } = await createTestCalendar(t);
    await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: card('4242424242424242'),
    });
    const [row] = await getPayments(calendar.id);
    await t.db.update(sandboxCharges).set({ status: 'succeeded' }).where(eq(sandboxCharges.id, row!.providerRef!));
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'charge.succeeded',
      data: { reference: row!.providerRef },
    });

    for (const signature of [
      signSandboxPayload(deriveSandboxSigningKey('another-secret-of-at-least-32-characters'), body),
      signSandboxPayload(deriveSandboxSigningKey(t.context.env.APP_SECRET), `${body} `),
      signSandboxPayload(deriveSandboxSigningKey(t.context.env.APP_SECRET), body, Math.floor(Date.now() / 1000) - 3600),
      '',
    ]) {
      const response = await postSandboxWebhook(body, signature);
      expect(response.status).toBe(400);
      expect((await readError(response)).code).toBe('invalid_signature');
    }
    expect((await getPayments(calendar.id))[0]!.status).toBe('processing');
    expect((await getCalendar(calendar.id)).status).toBe('draft');
    expect(
      await t.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, JSON.parse(body).id)),
    ).toHaveLength(0);
    await webhooks.deliverAll();
  });

  it('answers 404 for the webhook of a provider that is not enabled, 400 for a Stripe method', async () => {
    const response = await t.app.request('/api/payments/webhooks/stripe', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    const { calendar } = await createTestCalendar(t);
    await expect(
      startFeePayment(t.context, { calendar: forFee(calendar), idempotencyKey: newKey(), method: { type: 'stripe' } }),
    ).rejects.toMatchObject({ code: 'payment_method_unavailable', status: 400 });
    expect(await getPayments(calendar.id)).toHaveLength(0);
    const config = await t.app.request('/api/config');
    expect(((await config.json()) as { payments: unknown }).payments).toEqual({ provider: 'sandbox' });
  });
});

/** What a crash between the charge and our write leaves: a 'pending' fee row and the processor's charge. */
async function leaveChargedButUnrecordedFee(calendarId: string) {
  const key = newKey();
  const paymentId = randomUUID();
  await t.db.insert(payments).values({
    id: paymentId,
    calendarId,
    purpose: 'fee',
    provider: 'sandbox',
    amount: CREATION_FEE_AMOUNT,
    method: 'card',
    idempotencyKey: key,
  });
  await t.context.payments.createPayment({
    amount: CREATION_FEE_AMOUNT,
    currency: 'usd',
    idempotencyKey: key,
    method: { type: 'card', card: { number: '4242424242424242' } },
    metadata: { calendarId, paymentId, purpose: 'fee' },
  });
  webhooks.discardAll();
  return { key, paymentId };
}

describe('reconciliation', () => {
  it('completes a payment whose charge exists but whose reference was never written (crash)', async () => {
    const { calendar, email } = await createTestCalendar(t);
    // What a crash leaves behind: our 'pending' row, and a charge the processor made for it.
    const { key, paymentId } = await leaveChargedButUnrecordedFee(calendar.id);
    const twoMinutesAgo = sql`now() - interval '2 minutes'`;
    await t.db
      .update(payments)
      .set({ createdAt: twoMinutesAgo, updatedAt: twoMinutesAgo })
      .where(eq(payments.id, paymentId));
    await t.db.update(sandboxCharges).set({ createdAt: twoMinutesAgo }).where(eq(sandboxCharges.idempotencyKey, key));

    // Too young for the default threshold: left alone.
    const young = await reconcilePayments(t.context, { olderThanMs: 5 * 60_000 });
    expect(young.checked).toBe(0);

    const result = await reconcilePayments(t.context);
    expect(result.changed).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    expect(row!.providerRef).toMatch(/^sbx_/);
    expect((await getCalendar(calendar.id)).status).toBe('active');
    expect(await getReceipts(email)).toHaveLength(1);
  });

  it('at start-up, completes at once a payment charged just before a crash', async () => {
    const { calendar } = await createTestCalendar(t);
    // The process died a second after the charge, before writing its answer.
    const { key, paymentId } = await leaveChargedButUnrecordedFee(calendar.id);
    // The processor settled the charge in the meantime (its webhook was lost with the process).
    await t.db
      .update(sandboxCharges)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(sandboxCharges.idempotencyKey, key));

    // The restarted server's first reconciliation pass does not wait for our row to age.
    await t.context.jobs.enqueue(RECONCILE_AFTER_START_JOB);
    await t.context.jobs.idle();
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe('succeeded');
    expect((await getCalendar(calendar.id)).status).toBe('active');
  });

  it('gives up a pending payment the processor never saw, which frees the calendar', async () => {
    const { calendar } = await createTestCalendar(t);
    const paymentId = randomUUID();
    await t.db.insert(payments).values({
      id: paymentId,
      calendarId: calendar.id,
      purpose: 'fee',
      provider: 'sandbox',
      amount: CREATION_FEE_AMOUNT,
      method: 'card',
      idempotencyKey: newKey(),
      createdAt: sql`now() - interval '20 minutes'`,
      updatedAt: sql`now() - interval '20 minutes'`,
    });
    await reconcilePayments(t.context);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'failed', failureCode: 'abandoned' });

    const retry = await startFeePayment(t.context, {
      calendar: forFee(calendar),
      idempotencyKey: newKey(),
      method: card('4242424242424242'),
    });
    expect(retry.status).toBe('processing');
    await webhooks.deliverAll();
    expect((await getCalendar(calendar.id)).status).toBe('active');
  });
});
