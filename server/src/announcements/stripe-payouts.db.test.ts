import type { CalendarClosing } from '@firstday/common/announcements';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { startStripeStandIn } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { reconcilePayments } from '../payments/reconcile.ts';
import { payments } from '../payments/schema.ts';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_standin_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: standIn.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** A Stripe gift confirmed by the stand-in and picked up by reconciliation. */
async function giveThroughStripe(slug: string, giftCents: number) {
  const body = await makeContribution(t, { giftCents, payment: { type: 'stripe' } });
  expect((await withAnyCaptcha(t, async () => postContribution(t, slug, body))).status).toBe(201);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, `gift:${body.idempotencyKey}`));
  standIn.succeed(payment!.providerRef!);
  await reconcilePayments(t.context, { olderThanMs: 0 });
}

describe('the end of a calendar with Stripe (offline stand-in)', () => {
  it('pays the gifts out through a connected account and a transfer, once', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await giveThroughStripe(calendar.slug, 4200);
    const body = { birthDate: TODAY, thankYouMessage: 'Thanks!' };
    const [a, b] = await Promise.all([
      sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie),
      sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const closing = ((await a.json()) as { closing: CalendarClosing }).closing;
    expect(closing.payout).toEqual({ amountCents: 4200, status: 'paid' });
    expect([...standIn.transfers.values()].filter((transfer) => transfer.amount === 4200)).toHaveLength(1);
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row!.status).toBe('paid_out');
  });

  it('refunds every gift once on a close with refunds', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await giveThroughStripe(calendar.slug, 1100);
    await giveThroughStripe(calendar.slug, 2200);
    const body = { gifts: 'refund', notifyParticipants: false };
    await sendJson(t, 'POST', `/api/calendars/${calendar.id}/close`, body, cookie);
    const again = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/close`, body, cookie);
    expect(((await again.json()) as { closing: CalendarClosing }).closing.refunds).toEqual({
      count: 2,
      amountCents: 3300,
    });
    const gifts = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    for (const gift of gifts) expect(standIn.refunds.filter((id) => id === gift.providerRef)).toHaveLength(1);
  });
});
