import type { CalendarClosing } from '@firstday/common/announcements';
import { maskIban } from '@firstday/common/iban';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import {
  createTestCalendar,
  postStripeEvent,
  STAND_IN_USD_RATES,
  startStripeStandIn,
} from '../../test/test-payments.ts';
import { sendJson, TEST_ORIGIN } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { ensurePayoutRecipient } from '../payments/payout-recipients.ts';
import { reconcilePayouts } from '../payments/payouts.ts';
import { reconcilePayments } from '../payments/reconcile.ts';
import { ledgerEntries, payments, paymentWebhookEvents, payouts } from '../payments/schema.ts';

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
const CONNECT_WEBHOOK_SECRET = 'whsec_test_standin_connect_secret';
const CLIENT_IP = '203.0.113.7';
const USER_AGENT = 'Mozilla/5.0 (Firstday test)';
const TODAY = new Date().toISOString().slice(0, 10);

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: standIn.url,
      TRUST_PROXY: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** A Stripe gift confirmed by the stand-in and picked up by reconciliation. */
async function giveThroughStripe(slug: string, giftAmount: number) {
  const body = await makeContribution(t, { giftAmount: giftAmount, payment: { type: 'stripe' } });
  expect((await withAnyCaptcha(t, async () => postContribution(t, slug, body))).status).toBe(201);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, `gift:${body.idempotencyKey}`));
  standIn.succeed(payment!.providerRef!);
  await reconcilePayments(t.context, { olderThanMs: 0 });
}

/** The owner saves an IBAN from a browser behind our proxy, confirming with the password. */
function saveIban(calendarId: string, cookie: string, iban: string) {
  return t.app.request(`/api/calendars/${calendarId}`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      cookie,
      'x-forwarded-for': CLIENT_IP,
      'user-agent': USER_AGENT,
    },
    body: JSON.stringify({ iban, password: 'correct horse battery' }),
  });
}

/** Account creations the stand-in received for a calendar (including refused ones). */
function accountRequests(calendarId: string) {
  return standIn.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v1/accounts' &&
      request.body.get('metadata[calendarId]') === calendarId,
  );
}

async function getCalendar(id: string) {
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, id));
  return row!;
}

async function getPayout(calendarId: string) {
  const [row] = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendarId));
  return row!;
}

async function getClosing(calendarId: string, cookie: string) {
  const response = await sendJson(t, 'GET', `/api/calendars/${calendarId}/closing`, undefined, cookie);
  return (await response.json()) as CalendarClosing;
}

/** An active calendar with one Stripe gift, announced: its payout is submitted. */
async function announceWithGift(giftAmount: number) {
  const { calendar, cookie, email } = await createActiveCalendar(t);
  await giveThroughStripe(calendar.slug, giftAmount);
  const body = { birthDate: TODAY, thankYouMessage: 'Thanks!' };
  expect((await sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie)).status).toBe(200);
  await t.context.jobs.idle();
  return { calendar, cookie, email };
}

describe('the payout recipient (a Stripe connected account)', () => {
  it("is made when a paid calendar's IBAN is saved, with the terms accepted by that request, and made again for a new IBAN", async () => {
    const { calendar, cookie, email } = await createActiveCalendar(t);
    const saved = await saveIban(calendar.id, cookie, 'GB82WEST12345698765432');
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await getCalendar(calendar.id)).payoutRecipientRef).toMatch(/^acct_/);

    const [create] = accountRequests(calendar.id);
    expect(create!.idempotencyKey).toMatch(new RegExp(`^payout-recipient:${calendar.id}:[0-9a-f]{20}$`));
    expect(create!.idempotencyKey).not.toContain('12345698765432');
    const form = Object.fromEntries(create!.body);
    expect(form).toMatchObject({
      country: 'GB',
      business_type: 'individual',
      'individual[first_name]': 'Anna',
      'individual[last_name]': 'Miller',
      'individual[email]': email,
      'business_profile[mcc]': '7299',
      'capabilities[transfers][requested]': 'true',
      'external_account[object]': 'bank_account',
      'external_account[account_number]': 'GB82WEST12345698765432',
      'external_account[currency]': 'gbp',
      'external_account[account_holder_name]': 'Anna Miller',
      'settings[payouts][schedule][interval]': 'manual',
      'tos_acceptance[service_agreement]': 'recipient',
      'tos_acceptance[ip]': CLIENT_IP,
      'tos_acceptance[user_agent]': USER_AGENT,
    });
    expect(Math.abs(Number(form['tos_acceptance[date]']) - Date.now() / 1000)).toBeLessThan(60);
    const row = await getCalendar(calendar.id);
    expect(row).toMatchObject({ payoutRecipientPayoutsEnabled: true, payoutRecipientRequirements: [] });
    expect(row.payoutTermsAcceptance).toMatchObject({ ip: CLIENT_IP, userAgent: USER_AGENT });

    // The same IBAN again keeps the account; a new IBAN gets an account of its own.
    expect((await saveIban(calendar.id, cookie, 'GB82 WEST 1234 5698 7654 32')).status).toBe(200);
    expect((await getCalendar(calendar.id)).payoutRecipientRef).toBe(row.payoutRecipientRef);
    expect((await saveIban(calendar.id, cookie, 'NL91ABNA0417164300')).status).toBe(200);
    // The save clears the old account at once; the new one lands a moment later.
    const newAccount = async () => {
      const reference = (await getCalendar(calendar.id)).payoutRecipientRef;
      return reference === row.payoutRecipientRef ? null : reference;
    };
    await expect.poll(newAccount).toMatch(/^acct_/);
    const [, second] = accountRequests(calendar.id);
    expect(second!.body.get('external_account[account_number]')).toBe('NL91ABNA0417164300');
    expect(second!.idempotencyKey).not.toBe(create!.idempotencyKey);
    expect(accountRequests(calendar.id)).toHaveLength(2);
  });

  it('is made once however often it is asked for', async () => {
    const { calendar } = await createTestCalendar(t);
    const references = await Promise.all([
      ensurePayoutRecipient(t.context, calendar),
      ensurePayoutRecipient(t.context, calendar),
    ]);
    expect(references[0]).toBe(references[1]);
    const accountsMade = () =>
      [...standIn.accounts.values()].filter((account) => account.metadata.calendarId === calendar.id);
    expect(accountsMade()).toHaveLength(1);
    // Once recorded, it is re-read, not made again; Stripe's open requirements are recorded with it.
    await ensurePayoutRecipient(t.context, await getCalendar(calendar.id));
    expect(accountRequests(calendar.id)).toHaveLength(2);
    expect(accountsMade()).toHaveLength(1);
    expect(await getCalendar(calendar.id)).toMatchObject({
      payoutRecipientRef: references[0],
      // Inserted without a request: no terms accepted, so Stripe still asks for them.
      payoutRecipientPayoutsEnabled: false,
      payoutRecipientRequirements: ['tos_acceptance.date', 'tos_acceptance.ip'],
    });
  });

  it('does not hold up the IBAN save while Stripe is down; the payout makes the account then', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await giveThroughStripe(calendar.slug, 3000);
    standIn.setDown(true);
    try {
      const saved = await saveIban(calendar.id, cookie, 'NL91ABNA0417164300');
      expect(saved.status).toBe(200);
      expect((await getCalendar(calendar.id)).ibanMasked).toBe(maskIban('NL91ABNA0417164300'));
      await expect.poll(() => accountRequests(calendar.id).length).toBe(1);
    } finally {
      standIn.setDown(false);
    }
    expect((await getCalendar(calendar.id)).payoutRecipientRef).toBeNull();
    // Past the payout hold that follows an IBAN change (payout-hold.db.test.ts).
    await t.db
      .update(calendars)
      .set({ ibanChangedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(calendars.id, calendar.id));

    const body = { birthDate: TODAY, thankYouMessage: 'Thanks!' };
    expect((await sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie)).status).toBe(200);
    await t.context.jobs.idle();
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    expect(account).toMatch(/^acct_/);
    const [failed, made] = accountRequests(calendar.id);
    expect(made!.idempotencyKey).toBe(failed!.idempotencyKey);
    expect(made!.body.get('tos_acceptance[ip]')).toBe(CLIENT_IP);
    expect([...standIn.transfers.values()].filter((transfer) => transfer.destination === account)).toHaveLength(1);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: account });
  });
});

describe('the payout recipient when Stripe lost an answer', () => {
  it('is not made twice by a retry with the same details, and a changed name gets a key of its own, never idempotency_error', async () => {
    const { calendar } = await createTestCalendar(t);
    const accountsMade = () =>
      [...standIn.accounts.values()].filter((account) => account.metadata.calendarId === calendar.id);
    // Stripe makes the account, but the answer (and the SDK's retry's) never arrives.
    standIn.loseReplies(2);
    await expect(ensurePayoutRecipient(t.context, calendar)).rejects.toThrow();
    standIn.loseReplies(0);
    expect(accountsMade()).toHaveLength(1);
    expect((await getCalendar(calendar.id)).payoutRecipientRef).toBeNull();

    // The same details again: the same key, Stripe answers the account it made.
    standIn.loseReplies(2);
    await expect(ensurePayoutRecipient(t.context, calendar)).rejects.toThrow();
    standIn.loseReplies(0);
    expect(accountsMade()).toHaveLength(1);

    // The parents correct the name meanwhile: the same key with it would be refused for 24 hours.
    await t.db.update(calendars).set({ lastName: 'Smith' }).where(eq(calendars.id, calendar.id));
    const reference = await ensurePayoutRecipient(t.context, await getCalendar(calendar.id));
    expect(reference).toMatch(/^acct_/);
    // Two tries of two requests each (the SDK retries a dropped connection once), then the new name.
    const made = accountRequests(calendar.id);
    expect(made).toHaveLength(5);
    expect(new Set(made.slice(0, 4).map((request) => request.idempotencyKey)).size).toBe(1);
    const [first, renamed] = [made[0], made[4]];
    expect(renamed!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(renamed!.idempotencyKey).toMatch(new RegExp(`^payout-recipient:${calendar.id}:[0-9a-f]{20}$`));
    expect(renamed!.body.get('individual[last_name]')).toBe('Smith');
    expect((await getCalendar(calendar.id)).payoutRecipientRef).toBe(reference);
    // The first account stays empty: money only moves to the recorded one, at the payout.
    expect(accountsMade()).toHaveLength(2);
  });
});

describe('the end of a calendar with Stripe (offline stand-in)', () => {
  it('pays the gifts out once: a transfer to the connected account, then a payout to the bank', async () => {
    const { calendar, cookie, email } = await createActiveCalendar(t);
    await giveThroughStripe(calendar.slug, 4200);
    const body = { birthDate: TODAY, thankYouMessage: 'Thanks!' };
    const [a, b] = await Promise.all([
      sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie),
      sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    await t.context.jobs.idle();

    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    const transfers = [...standIn.transfers.values()].filter((transfer) => transfer.destination === account);
    expect(transfers).toEqual([expect.objectContaining({ amount: 4200, currency: 'usd' })]);
    const payoutRequest = standIn.requests.find(
      (request) => request.path === '/v1/payouts' && request.method === 'POST' && request.stripeAccount === account,
    );
    // The German IBAN's account holds euros: the payout asks for what the USD transfer became.
    expect(accountRequests(calendar.id)[0]!.body.get('external_account[currency]')).toBe('eur');
    expect(payoutRequest?.body.get('currency')).toBe('eur');
    expect(payoutRequest?.body.get('amount')).toBe(String(Math.round(4200 * STAND_IN_USD_RATES.eur!)));
    expect(payoutRequest?.idempotencyKey).toBe(`payout:${calendar.id}:bank`);
    // Money is on its way, not yet at the bank: pending, truthfully. This account was made at the
    // payout, without a browser's terms acceptance, so Stripe still lists requirements: the owner
    // is told the payment partner is verifying their details.
    expect((await getClosing(calendar.id, cookie)).payout).toEqual({
      amount: 4200,
      currency: 'usd',
      status: 'pending',
      awaitingVerification: true,
    });
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: account });

    // An event is only a hint: Stripe still says the payout is on its way.
    const early = await postStripeEvent(
      t,
      { type: 'payout.paid', account, object: { id: 'po_x', object: 'payout', status: 'paid' } },
      CONNECT_WEBHOOK_SECRET,
    );
    expect(early.status).toBe(200);
    expect((await getPayout(calendar.id)).status).toBe('pending');

    standIn.settlePayout(account, 'paid');
    const paidEvent = {
      id: `evt_paid_${calendar.id.slice(0, 8)}`,
      type: 'payout.paid',
      account,
      object: { id: 'po_x', object: 'payout' },
    };
    expect((await postStripeEvent(t, paidEvent, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect((await getClosing(calendar.id, cookie)).payout).toEqual({ amount: 4200, currency: 'usd', status: 'paid' });
    expect((await getCalendar(calendar.id)).status).toBe('paid_out');
    await t.sendQueuedMail();
    // Every active calendar here has the same owner: this payout's mail is the one for $42.00.
    const paidMails = () =>
      t.mailCatcher
        .list(email)
        .filter((mail) => mail.subject === 'Your gifts are on their way to your bank' && mail.text.includes('$42.00'));
    expect(paidMails()).toHaveLength(1);

    // A replay of the same event is a no-op.
    expect((await postStripeEvent(t, paidEvent, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    const recorded = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, paidEvent.id));
    expect(recorded).toHaveLength(1);
    await t.sendQueuedMail();
    expect(paidMails()).toHaveLength(1);
  });

  it('keeps a payout Stripe has pending or in transit on its way, and settles it once when paid', async () => {
    const { calendar, cookie, email } = await announceWithGift(3100);
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    const payout = await getPayout(calendar.id);
    const [atStripe] = [...standIn.payouts.values()].filter((candidate) => candidate.account === account);
    expect(atStripe).toMatchObject({ status: 'pending' });
    const onItsWay = { amount: 3100, currency: 'usd', status: 'pending' };
    const paidMails = () =>
      t.mailCatcher
        .list(email)
        .filter((mail) => mail.subject === 'Your gifts are on their way to your bank' && mail.text.includes('$31.00'));
    const paidEntries = () =>
      t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.transactionId, `payout:${payout.id}:paid`), eq(ledgerEntries.account, 'payouts')));

    // The bank has it: Stripe says in_transit (payout.updated, not an event we act on).
    standIn.settlePayout(account, 'in_transit');
    const updated = { type: 'payout.updated', account, object: { id: atStripe!.id, object: 'payout' } };
    expect((await postStripeEvent(t, updated, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    // A payout.paid that arrives while Stripe still says in_transit is only a hint.
    const early = { type: 'payout.paid', account, object: { id: atStripe!.id, object: 'payout' } };
    expect((await postStripeEvent(t, early, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: account });
    expect((await getClosing(calendar.id, cookie)).payout).toMatchObject(onItsWay);
    expect((await getCalendar(calendar.id)).status).toBe('announced');
    expect(await paidEntries()).toHaveLength(0);
    await t.sendQueuedMail();
    expect(paidMails()).toHaveLength(0);

    // Paid: the reconciler sees it first, then the event arrives; settled once.
    standIn.settlePayout(account, 'paid');
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    const paid = { type: 'payout.paid', account, object: { id: atStripe!.id, object: 'payout' } };
    expect((await postStripeEvent(t, paid, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'paid' });
    expect((await getClosing(calendar.id, cookie)).payout).toEqual({ amount: 3100, currency: 'usd', status: 'paid' });
    expect((await getCalendar(calendar.id)).status).toBe('paid_out');
    expect(await paidEntries()).toHaveLength(1);
    await t.sendQueuedMail();
    expect(paidMails()).toHaveLength(1);
  });

  it('moves no money to an account Stripe has not verified, and pays out once verification completes', async () => {
    standIn.setIdentityChecks(true);
    const { calendar, cookie } = await announceWithGift(2700).finally(() => standIn.setIdentityChecks(false));
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    expect(standIn.accounts.get(account)).toMatchObject({
      payouts_enabled: false,
      requirements: {
        currently_due: expect.arrayContaining(['individual.dob.day', 'individual.address.line1']),
        disabled_reason: 'requirements.past_due',
      },
    });
    expect((await getCalendar(calendar.id)).payoutRecipientRequirements).toEqual(
      expect.arrayContaining(['individual.dob.day']),
    );
    const transfersToAccount = () =>
      [...standIn.transfers.values()].filter((transfer) => transfer.destination === account);
    const payoutsOnAccount = () => [...standIn.payouts.values()].filter((payout) => payout.account === account);

    // Stripe refuses the transfer: the money stays on the platform, the payout waits, truthfully.
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect(transfersToAccount()).toHaveLength(0);
    expect(payoutsOnAccount()).toHaveLength(0);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: null });
    expect((await getClosing(calendar.id, cookie)).payout).toMatchObject({
      status: 'pending',
      awaitingVerification: true,
    });

    // The parent's details are verified later: the next pass re-reads the account and pays out once.
    standIn.completeVerification(account);
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect(transfersToAccount()).toHaveLength(1);
    expect(payoutsOnAccount()).toHaveLength(1);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: account });
    expect(await getCalendar(calendar.id)).toMatchObject({
      payoutRecipientPayoutsEnabled: true,
      payoutRecipientRequirements: [],
    });
    standIn.settlePayout(account, 'paid');
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect((await getClosing(calendar.id, cookie)).payout).toEqual({ amount: 2700, currency: 'usd', status: 'paid' });
  });

  it('refuses a Connect event with a forged signature', async () => {
    const { calendar } = await announceWithGift(1200);
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    standIn.settlePayout(account, 'paid');
    const forged = await postStripeEvent(
      t,
      { type: 'payout.paid', account, object: { id: 'po_x', object: 'payout' } },
      'whsec_not_ours',
    );
    expect(forged.status).toBe(400);
    expect((await readError(forged)).code).toBe('invalid_signature');
    expect((await getPayout(calendar.id)).status).toBe('pending');
  });

  it("records a payout the bank refused as failed with Stripe's reason, and tells the creator", async () => {
    const { calendar, cookie, email } = await announceWithGift(2500);
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    standIn.settlePayout(account, 'failed', 'account_closed');
    const event = { type: 'payout.failed', account, object: { id: 'po_x', object: 'payout' } };
    expect((await postStripeEvent(t, event, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect((await getClosing(calendar.id, cookie)).payout).toEqual({
      amount: 2500,
      currency: 'usd',
      status: 'failed',
      failureReason: 'account_closed',
    });
    expect((await getCalendar(calendar.id)).status).toBe('announced');
    await t.sendQueuedMail();
    const refusals = t.mailCatcher
      .list(email)
      .filter((mail) => mail.subject === 'We could not pay out your gifts' && mail.text.includes('$25.00'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.text).toContain('account_closed');
  });

  it('records a reversed transfer as failed (a platform event, under the platform secret)', async () => {
    const { calendar } = await announceWithGift(1800);
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    standIn.reverseTransfer(account);
    const event = { type: 'transfer.reversed', object: { id: 'tr_x', object: 'transfer', destination: account } };
    expect((await postStripeEvent(t, event, WEBHOOK_SECRET)).status).toBe(200);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'failed', failureReason: 'transfer_reversed' });
  });

  it('never transfers twice while the payout waits for the funds, even after Stripe forgot the keys', async () => {
    standIn.setFundsPending(true);
    const { calendar } = await announceWithGift(1500).finally(() => standIn.setFundsPending(false));
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    const transfersToAccount = () =>
      [...standIn.transfers.values()].filter((transfer) => transfer.destination === account);
    expect(transfersToAccount()).toHaveLength(1);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: null });

    standIn.forgetIdempotencyKeys();
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect(transfersToAccount()).toHaveLength(1);
    expect([...standIn.payouts.values()].filter((payout) => payout.account === account)).toHaveLength(1);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: account });
  });

  it('pays out on the next pass once the funds are available, not a day later when Stripe forgets the refusal', async () => {
    standIn.setFundsPending(true);
    const { calendar } = await announceWithGift(1300).finally(() => standIn.setFundsPending(false));
    const account = (await getCalendar(calendar.id)).payoutRecipientRef!;
    const refused = standIn.requests.filter(
      (request) => request.path === '/v1/payouts' && request.method === 'POST' && request.stripeAccount === account,
    );
    expect(refused.map((request) => request.idempotencyKey)).toEqual([`payout:${calendar.id}:bank`]);
    // Stripe would answer that key with the same balance_insufficient for 24 hours: a new one is used.
    expect((await getPayout(calendar.id)).idempotencyKey).toBe(`payout:${calendar.id}:retry-1`);

    await reconcilePayouts(t.context, { olderThanMs: 0 });
    expect([...standIn.transfers.values()].filter((transfer) => transfer.destination === account)).toHaveLength(1);
    expect([...standIn.payouts.values()].filter((payout) => payout.account === account)).toHaveLength(1);
    expect(await getPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: account });
  });

  it('refunds every gift once on a close with refunds', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await giveThroughStripe(calendar.slug, 1100);
    await giveThroughStripe(calendar.slug, 2200);
    const body = { gifts: 'refund', notifyParticipants: false };
    await sendJson(t, 'POST', `/api/calendars/${calendar.id}/close`, body, cookie);
    const again = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/close`, body, cookie);
    await t.context.jobs.idle();
    const closing = (await (
      await sendJson(t, 'GET', `/api/calendars/${calendar.id}/closing`, undefined, cookie)
    ).json()) as CalendarClosing;
    expect(again.status).toBe(200);
    expect(closing.refunds).toEqual({ count: 2, amount: 3300, currency: 'usd', pending: 0 });
    const gifts = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    for (const gift of gifts) expect(standIn.refunds.filter((id) => id === gift.providerRef)).toHaveLength(1);
  });
});
