import { randomUUID } from 'node:crypto';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { toIsoDate } from '@firstday/common/calendars';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { GOOD_CARD } from '../../test/test-contributions.ts';
import { startStripeStandIn, useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { ensurePayoutRecipient } from '../payments/payout-recipients.ts';
import { payments } from '../payments/schema.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { calendars } from './schema.ts';

// Issue 24: the payout account follows the parents' bank (an IBAN, a US routing and account
// number, a UK sort code and account number), and a country gifts cannot reach is refused on
// step 1, before the fee.

const US_ACCOUNT = { routingNumber: '110000000', accountNumber: '000123456789' };
const UK_ACCOUNT = { sortCode: '10-88-00', accountNumber: '0001 2345' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const inDays = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

async function startWizard(cookie: string, bank: Record<string, unknown>) {
  return sendJson(t, 'POST', '/api/calendars', { firstName: 'June', lastName: 'Park', ...bank }, cookie);
}

/** The connected account the Stripe stand-in holds for the calendar, as Stripe's API shows it. */
async function readStripeAccount(calendarId: string) {
  const stripeContext = {
    ...t.context,
    payments: createStripeProvider({ secretKey: 'sk_test_standin', webhookSecrets: [], apiBase: standIn.url }),
  };
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, calendarId));
  const reference = await ensurePayoutRecipient(stripeContext, { ...row!, payoutRecipientRef: null });
  return (await (await fetch(`${standIn.url}/v1/accounts/${reference}`)).json()) as {
    country: string;
    default_currency: string;
    external_accounts: { data: { country: string; routing_number: string | null; last4: string }[] };
  };
}

describe('bank details by country', () => {
  it('lets a US parent with a routing and account number create and pay a calendar in US dollars', async () => {
    const parent = await createVerifiedUser(t, `us-parent-${randomUUID()}@example.com`);
    const created = await startWizard(parent.cookie, US_ACCOUNT);
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const draft = (await created.json()) as OwnerCalendar;
    expect(draft).toMatchObject({ currency: 'usd', bankAccount: 'US ••••6789 (routing 110000000)' });

    const details = { title: 'Baby Park', dueDate: inDays(50), wizardStep: 4 };
    expect((await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, details, parent.cookie)).status).toBe(200);
    const pay = await sendJson(
      t,
      'POST',
      `/api/calendars/${draft.id}/pay`,
      { idempotencyKey: `fee-${randomUUID()}`, method: { type: 'card', card: GOOD_CARD } },
      parent.cookie,
    );
    expect(pay.status, JSON.stringify(await pay.clone().json())).toBe(200);
    await webhooks.deliverAll();
    const [fee] = await t.db.select().from(payments).where(eq(payments.calendarId, draft.id));
    expect(fee).toMatchObject({ purpose: 'fee', amount: 2000, currency: 'usd', status: 'succeeded' });
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
    expect(row!.status).toBe('active');
    // Sealed: the account number is nowhere in the row as text.
    expect(JSON.stringify(row)).not.toContain('000123456789');

    // Stripe gets a US bank account with its routing number, in dollars.
    const account = await readStripeAccount(draft.id);
    expect(account).toMatchObject({ country: 'US', default_currency: 'usd' });
    expect(account.external_accounts.data[0]).toMatchObject({
      country: 'US',
      routing_number: '110000000',
      last4: '6789',
    });
  });

  it('keeps the first bank account on the account too, and never replaces a saved one from the wizard', async () => {
    const parent = await createVerifiedUser(t, `first-bank-${randomUUID()}@example.com`);
    const me = async () =>
      (
        (await (await t.app.request('/api/users/me', { headers: { cookie: parent.cookie } })).json()) as {
          IBAN: string | null;
        }
      ).IBAN;
    expect(await me()).toBeNull();
    expect((await startWizard(parent.cookie, US_ACCOUNT)).status).toBe(201);
    expect(await me()).toBe('US ••••6789 (routing 110000000)');
    // A second calendar paid out elsewhere leaves the account's as it is.
    expect((await startWizard(parent.cookie, UK_ACCOUNT)).status).toBe(201);
    expect(await me()).toBe('US ••••6789 (routing 110000000)');
  });

  it('refuses a US account in another currency, and a US routing number that is not one', async () => {
    const parent = await createVerifiedUser(t, `us-euro-${randomUUID()}@example.com`);
    const inEuros = await startWizard(parent.cookie, { ...US_ACCOUNT, currency: 'eur' });
    expect(inEuros.status).toBe(400);
    expect((await readError(inEuros)).fields).toEqual({ currency: 'A US bank account receives US dollars only.' });

    const typo = await startWizard(parent.cookie, { ...US_ACCOUNT, routingNumber: '110000001' });
    expect(typo.status).toBe(400);
    expect((await readError(typo)).fields).toEqual({
      routingNumber: 'This routing number is not valid: please check it for typos.',
    });
    const noAccount = await startWizard(parent.cookie, { routingNumber: '110000000' });
    expect((await readError(noAccount)).fields).toEqual({ accountNumber: 'Please enter the account number.' });
    const both = await startWizard(parent.cookie, { ...US_ACCOUNT, iban: 'DE89 3704 0044 0532 0130 00' });
    expect((await readError(both)).fields).toEqual({
      iban: 'Please enter either an IBAN or an account number, not both.',
    });
  });

  it('takes a UK sort code and account number, in pounds, and hands Stripe the sort code', async () => {
    const parent = await createVerifiedUser(t, `uk-parent-${randomUUID()}@example.com`);
    const created = await startWizard(parent.cookie, UK_ACCOUNT);
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const draft = (await created.json()) as OwnerCalendar;
    expect(draft).toMatchObject({ currency: 'gbp', bankAccount: 'GB 10-88-00 ••••2345' });
    const account = await readStripeAccount(draft.id);
    expect(account).toMatchObject({ country: 'GB', default_currency: 'gbp' });
    expect(account.external_accounts.data[0]).toMatchObject({ routing_number: '108800', last4: '2345' });

    const short = await startWizard(parent.cookie, { sortCode: '10-88-00', accountNumber: '12345' });
    expect((await readError(short)).fields).toEqual({ accountNumber: 'A UK account number has 8 digits.' });
  });

  it('refuses a bank in a country gifts cannot be paid out to on step 1, before the fee', async () => {
    const parent = await createVerifiedUser(t, `tr-parent-${randomUUID()}@example.com`);
    // A valid Turkish IBAN: Stripe cannot pay out to Türkiye self-serve.
    const refused = await startWizard(parent.cookie, { iban: 'TR33 0006 1005 1978 6457 8413 26' });
    expect(refused.status).toBe(400);
    expect((await readError(refused)).fields).toEqual({
      iban: 'Firstday cannot pay out to banks in this country yet: gifts can be paid out to banks in the EEA, Switzerland, the UK and the US.',
    });
    // Nothing was made for this parent: no draft, so no fee could be asked.
    const own = await t.app.request('/api/calendars', { headers: { cookie: parent.cookie } });
    expect(((await own.json()) as { calendars: unknown[] }).calendars).toEqual([]);
  });

  it('moves a draft to the currency of a new US account, and keeps a paid calendar’s currency or refuses', async () => {
    const parent = await createVerifiedUser(t, `mover-${randomUUID()}@example.com`);
    const created = await startWizard(parent.cookie, { iban: 'DE89 3704 0044 0532 0130 00' });
    const draft = (await created.json()) as OwnerCalendar;
    expect(draft.currency).toBe('eur');
    const moved = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, US_ACCOUNT, parent.cookie);
    expect(moved.status).toBe(200);
    expect((await moved.json()) as OwnerCalendar).toMatchObject({
      currency: 'usd',
      bankAccount: 'US ••••6789 (routing 110000000)',
    });
    const toEuros = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, { currency: 'eur' }, parent.cookie);
    expect(toEuros.status).toBe(400);
    expect((await readError(toEuros)).fields).toEqual({ currency: 'A US bank account receives US dollars only.' });

    await t.db.update(calendars).set({ status: 'active', currency: 'eur' }).where(eq(calendars.id, draft.id));
    const lockedOut = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${draft.id}`,
      { ...UK_ACCOUNT, password: 'correct horse battery' },
      parent.cookie,
    );
    expect(lockedOut.status).toBe(400);
    expect((await readError(lockedOut)).fields).toEqual({
      bankAccount: 'A UK account with a sort code receives pounds only: enter its IBAN for another currency.',
    });
  });
});
