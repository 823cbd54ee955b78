import {
  type PayoutOnboardingLink,
  type PayoutReadiness,
  type SandboxOnboarding,
  SANDBOX_ONBOARDING_TEST_VALUES as VALUES,
} from '@firstday/common/payouts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar } from '../../test/test-contributions.ts';
import { createTestCalendar, useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { ensurePayoutRecipient } from '../payments/payout-recipients.ts';
import { createPayoutRecord, submitPayout } from '../payments/payouts.ts';
import { sandboxTransfers } from '../payments/schema.ts';

// The sandbox's onboarding page (no Stripe keys): Stripe's test values pass, ask for a document, or
// reject the parent, and the checklist follows.

let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  t = await createTestApp();
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(async () => {
  await t.close();
});

async function createCalendarWithRecipient() {
  const { calendar, cookie } = await createActiveCalendar(t);
  const account = await ensurePayoutRecipient(t.context, calendar);
  return { calendar, cookie, account };
}

async function getReadiness(calendarId: string, cookie: string) {
  const response = await sendJson(t, 'GET', `/api/calendars/${calendarId}/payout-readiness`, undefined, cookie);
  return (await response.json()) as PayoutReadiness;
}

function submit(cookie: string, body: SandboxOnboarding) {
  return sendJson(t, 'POST', '/api/payouts/sandbox-onboarding', body, cookie);
}

function details(account: string, overrides: Partial<Extract<SandboxOnboarding, { step: 'details' }>> = {}) {
  return {
    step: 'details',
    account,
    dateOfBirth: VALUES.passingDateOfBirth,
    addressLine1: 'address_full_match',
    postalCode: '10115',
    city: 'Berlin',
    idNumber: VALUES.passingIdNumber,
    ...overrides,
  } satisfies SandboxOnboarding;
}

describe('the sandbox onboarding', () => {
  it("asks a new recipient for the parent's identity, and leads to its own page in the product", async () => {
    const { calendar, cookie, account } = await createCalendarWithRecipient();
    expect(account).toMatch(/^sbx_acct_/);
    expect(await getReadiness(calendar.id, cookie)).toMatchObject({
      identity: 'needed',
      ready: false,
      needs: ['date_of_birth', 'address', 'id_number'],
      blocker: { reason: 'identity_needed', nextStep: 'confirm_identity' },
    });
    const response = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/payout-onboarding`, {}, cookie);
    expect(response.status).toBe(200);
    const url = new URL(((await response.json()) as PayoutOnboardingLink).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.context.env.APP_URL}/sandbox_onboarding`);
    expect(url.searchParams.get('account')).toBe(account);
    expect(url.searchParams.get('return')).toBe(
      `${t.context.env.APP_URL}/my_calendars/${calendar.id}?onboarding=return`,
    );
  });

  it('passes the test values that pass: ready to receive the gifts, and tells the platform by account.updated', async () => {
    const { calendar, cookie, account } = await createCalendarWithRecipient();
    const response = await submit(cookie, details(account));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ identity: 'confirmed', needs: [] });
    expect(await getReadiness(calendar.id, cookie)).toMatchObject({
      identity: 'confirmed',
      ready: true,
      blocker: null,
    });
    const delivered = webhooks.responses.length;
    await webhooks.deliverAll();
    expect(webhooks.responses.slice(delivered)).toEqual([200]);
  });

  it('asks for a document for the ID number 111111111, keeps the payout paused, and releases it when a document passes', async () => {
    const { calendar, cookie, account } = await createCalendarWithRecipient();
    const asked = await submit(cookie, details(account, { idNumber: VALUES.documentIdNumber }));
    expect(await asked.json()).toEqual({ identity: 'needed', needs: ['id_document'] });
    expect(await getReadiness(calendar.id, cookie)).toMatchObject({
      ready: false,
      needs: ['id_document'],
      blocker: { reason: 'identity_needed', nextStep: 'confirm_identity' },
    });

    // The birth is announced meanwhile: the sandbox refuses the transfer, so the payout waits.
    await t.db.update(calendars).set({ status: 'announced' }).where(eq(calendars.id, calendar.id));
    const payout = await createPayoutRecord(t.db, {
      calendarId: calendar.id,
      amount: 5000,
      currency: 'usd',
      provider: 'sandbox',
    });
    await submitPayout(t.context, payout.id);
    expect(await t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.amount, 5000))).toHaveLength(0);
    expect((await getReadiness(calendar.id, cookie)).payout).toEqual({
      status: 'paused',
      amount: 5000,
      currency: 'usd',
      because: 'identity',
    });

    // The onboarding link now opens on the document step.
    const link = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/payout-onboarding`, {}, cookie);
    expect(new URL(((await link.json()) as PayoutOnboardingLink).url).searchParams.get('step')).toBe('document');

    const unreadable = await submit(cookie, { step: 'document', account, document: VALUES.failingDocument });
    expect(await unreadable.json()).toEqual({ identity: 'needed', needs: ['id_document'] });
    const passed = await submit(cookie, { step: 'document', account, document: VALUES.passingDocument });
    expect(await passed.json()).toEqual({ identity: 'confirmed', needs: [] });
    // Released by the onboarding itself: the transfer is made at once.
    expect(await t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.amount, 5000))).toHaveLength(1);
    expect((await getReadiness(calendar.id, cookie)).payout).toMatchObject({ status: 'on_its_way' });
  });

  it('rejects the date of birth 1900-01-01 for good, with support as the next step', async () => {
    const { calendar, cookie, account } = await createCalendarWithRecipient();
    const rejected = await submit(cookie, details(account, { dateOfBirth: VALUES.rejectedDateOfBirth }));
    expect(await rejected.json()).toEqual({ identity: 'rejected', needs: [] });
    expect(await t.db.select().from(calendars).where(eq(calendars.id, calendar.id))).toMatchObject([
      { payoutRecipientPayoutsEnabled: false, payoutRecipientDisabledReason: 'rejected.other' },
    ]);
    const again = await submit(cookie, details(account));
    expect(await again.json()).toEqual({ identity: 'rejected', needs: [] });
    expect(await getReadiness(calendar.id, cookie)).toMatchObject({
      ready: false,
      blocker: { reason: 'identity_rejected', nextStep: 'contact_support' },
    });
  });

  it("takes values only from the owner of the account's calendar", async () => {
    const { account } = await createCalendarWithRecipient();
    const stranger = await createTestCalendar(t);
    expect((await submit(stranger.cookie, details(account))).status).toBe(404);
    expect((await submit(stranger.cookie, { ...details(account), dateOfBirth: 'yesterday' })).status).toBe(400);
  });
});
