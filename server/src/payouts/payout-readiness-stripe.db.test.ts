import type { PayoutOnboardingLink, PayoutReadiness } from '@firstday/common/payouts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { createTestCalendar, postStripeEvent, startStripeStandIn } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { ensurePayoutRecipient } from '../payments/payout-recipients.ts';
import { reconcilePayments } from '../payments/reconcile.ts';
import { payments, payouts } from '../payments/schema.ts';

// Payout readiness against the Stripe stand-in through the real Stripe SDK: a connected account
// with `currently_due` blocks the payout and the checklist names why; the `account.updated` event
// that completes verification releases it at once.

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
const CONNECT_WEBHOOK_SECRET = 'whsec_test_standin_connect_secret';
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
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

async function getCalendar(id: string) {
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, id));
  return row!;
}

async function getReadiness(calendarId: string, cookie: string, query = '') {
  const response = await sendJson(t, 'GET', `/api/calendars/${calendarId}/payout-readiness${query}`, undefined, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as PayoutReadiness;
}

/** An active calendar whose connected account Stripe has not verified (no date of birth, no address). */
async function createUnverifiedCalendar() {
  standIn.setIdentityChecks(true);
  try {
    const { calendar, cookie } = await createActiveCalendar(t);
    const account = await ensurePayoutRecipient(t.context, calendar);
    return { calendar, cookie, account };
  } finally {
    standIn.setIdentityChecks(false);
  }
}

/** A Stripe gift confirmed by the stand-in, then the birth announced: the payout is submitted. */
async function giveAndAnnounce(calendar: { id: string; slug: string }, cookie: string, giftAmount: number) {
  const body = await makeContribution(t, { giftAmount, payment: { type: 'stripe' } });
  expect((await withAnyCaptcha(t, async () => postContribution(t, calendar.slug, body))).status).toBe(201);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, `gift:${body.idempotencyKey}`));
  standIn.succeed(payment!.providerRef!);
  await reconcilePayments(t.context, { olderThanMs: 0 });
  const announcement = { birthDate: TODAY, thankYouMessage: 'Thanks!' };
  expect((await sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, announcement, cookie)).status).toBe(200);
  await t.context.jobs.idle();
}

describe('payout readiness with Stripe', () => {
  it('names what Stripe asks for and the one next step, and opens Stripe-hosted onboarding for the account', async () => {
    const { calendar, cookie, account } = await createUnverifiedCalendar();
    const readiness = await getReadiness(calendar.id, cookie);
    expect(readiness).toMatchObject({
      feePaid: true,
      bankAccount: true,
      identity: 'needed',
      ready: false,
      blocker: { reason: 'identity_needed', nextStep: 'confirm_identity' },
      payout: null,
    });
    expect(readiness.needs).toEqual(expect.arrayContaining(['date_of_birth', 'address']));

    const response = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/payout-onboarding`, {}, cookie);
    expect(response.status).toBe(200);
    const link = (await response.json()) as PayoutOnboardingLink;
    expect(link.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/c/${account}/`));
    const [request] = standIn.requests.filter((candidate) => candidate.path === '/v1/account_links');
    expect(Object.fromEntries(request!.body)).toMatchObject({
      account,
      type: 'account_onboarding',
      refresh_url: `${t.context.env.APP_URL}/my_calendars/${calendar.id}?onboarding=refresh`,
      return_url: `${t.context.env.APP_URL}/my_calendars/${calendar.id}?onboarding=return`,
      'collection_options[fields]': 'currently_due',
    });
  });

  it('keeps the payout paused while Stripe asks, and pays it out once account.updated reports the account verified', async () => {
    const { calendar, cookie, account } = await createUnverifiedCalendar();
    await giveAndAnnounce(calendar, cookie, 4200);
    const transfersToAccount = () =>
      [...standIn.transfers.values()].filter((transfer) => transfer.destination === account);
    expect(transfersToAccount()).toHaveLength(0);
    const paused = await getReadiness(calendar.id, cookie);
    expect(paused.blocker).toEqual({ reason: 'identity_needed', nextStep: 'confirm_identity' });
    expect(paused.needs).toEqual(expect.arrayContaining(['date_of_birth', 'address']));
    expect(paused.payout).toEqual({ status: 'paused', amount: 4200, currency: 'usd', because: 'identity' });

    // Stripe checks what the parent sent and asks for a document: still paused, now for that.
    standIn.requireDocument(account);
    expect((await postStripeEvent(t, standIn.accountUpdatedEvent(account), CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await getCalendar(calendar.id)).toMatchObject({
      payoutRecipientPayoutsEnabled: false,
      payoutRecipientPastDue: ['individual.verification.document'],
      payoutRecipientDisabledReason: 'requirements.past_due',
    });
    expect((await getReadiness(calendar.id, cookie)).needs).toEqual(['id_document']);
    expect(transfersToAccount()).toHaveLength(0);

    // The document passes: the event alone releases the payout, no reconciliation pass needed.
    standIn.completeVerification(account);
    expect((await postStripeEvent(t, standIn.accountUpdatedEvent(account), CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(transfersToAccount()).toHaveLength(1);
    expect([...standIn.payouts.values()].filter((payout) => payout.account === account)).toHaveLength(1);
    const released = await getReadiness(calendar.id, cookie);
    expect(released).toMatchObject({ identity: 'confirmed', ready: true, blocker: null, needs: [] });
    expect(released.payout).toEqual({ status: 'on_its_way', amount: 4200, currency: 'usd' });

    standIn.settlePayout(account, 'paid');
    const paid = { type: 'payout.paid', account, object: { id: 'po_any', object: 'payout' } };
    expect((await postStripeEvent(t, paid, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id));
    expect(payout).toMatchObject({ status: 'paid', providerRef: account });
    expect((await getReadiness(calendar.id, cookie)).payout).toEqual({
      status: 'paid',
      amount: 4200,
      currency: 'usd',
      paidOn: payout!.updatedAt.toISOString(),
    });
  });

  it('shows a rejected account as rejected, with support as the next step', async () => {
    const { calendar, cookie, account } = await createUnverifiedCalendar();
    const rejected = standIn.accounts.get(account)!;
    rejected.requirements = { currently_due: [], past_due: [], disabled_reason: 'rejected.other' };
    expect((await postStripeEvent(t, standIn.accountUpdatedEvent(account), CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await getReadiness(calendar.id, cookie)).toMatchObject({
      identity: 'rejected',
      ready: false,
      blocker: { reason: 'identity_rejected', nextStep: 'contact_support' },
    });
  });

  it('re-reads the account when the parent returns from onboarding, before any event arrived', async () => {
    const { calendar, cookie, account } = await createUnverifiedCalendar();
    standIn.completeVerification(account);
    expect((await getReadiness(calendar.id, cookie)).ready).toBe(false);
    expect((await getReadiness(calendar.id, cookie, '?refresh=true')).ready).toBe(true);
  });

  it('ignores an account.updated event for an account no calendar uses, and refuses a forged one', async () => {
    const { calendar, account } = await createUnverifiedCalendar();
    const stranger = { type: 'account.updated', account: 'acct_not_ours', object: { id: 'acct_not_ours' } };
    expect((await postStripeEvent(t, stranger, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    standIn.completeVerification(account);
    const forged = await postStripeEvent(t, standIn.accountUpdatedEvent(account), 'whsec_not_ours');
    expect(forged.status).toBe(400);
    expect((await readError(forged)).code).toBe('invalid_signature');
    expect((await getCalendar(calendar.id)).payoutRecipientPayoutsEnabled).toBe(false);
  });

  it('asks for the fee before the identity check, and keeps other parents out', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const draft = await getReadiness(calendar.id, cookie);
    expect(draft).toMatchObject({ feePaid: false, blocker: { reason: 'fee_unpaid', nextStep: 'pay_fee' } });
    const onboarding = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/payout-onboarding`, {}, cookie);
    expect(onboarding.status).toBe(409);
    const { calendar: theirs } = await createUnverifiedCalendar();
    const other = await createTestCalendar(t);
    const response = await sendJson(t, 'GET', `/api/calendars/${theirs.id}/payout-readiness`, undefined, other.cookie);
    expect(response.status).toBe(404);
  });
});
