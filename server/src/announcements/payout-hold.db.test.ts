import type { CalendarClosing } from '@firstday/common/announcements';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActiveCalendar,
  createContributionTestApp,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { sendJson } from '../../test/test-users.ts';
import { updateCalendar } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { reconcilePayouts } from '../payments/payouts.ts';
import { payouts, sandboxAccounts, sandboxTransfers } from '../payments/schema.ts';
import { SETTLE_CALENDAR_JOB } from '../payments/settlement-job.ts';

/** The password of the one owner `createActiveCalendar` makes (test/test-users.ts). */
const PASSWORD = 'correct horse battery';
const TODAY = new Date().toISOString().slice(0, 10);
const DAY_MS = 24 * 3600_000;

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

async function give(slug: string, giftAmount: number) {
  const body = await makeContribution(t, { giftAmount: giftAmount, payment: { type: 'card', card: GOOD_CARD } });
  expect((await withAnyCaptcha(t, async () => postContribution(t, slug, body))).status).toBe(201);
  await webhooks.deliverAll();
}

async function readCalendar(id: string) {
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, id));
  return row!;
}

async function readPayout(calendarId: string) {
  const [row] = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendarId));
  return row!;
}

/** What the provider received for the payout: the sandbox's transfers under its idempotency key. */
async function readTransfers(calendarId: string) {
  const { idempotencyKey } = await readPayout(calendarId);
  return t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
}

async function readClosing(calendarId: string, cookie: string) {
  const response = await sendJson(t, 'GET', `/api/calendars/${calendarId}/closing`, undefined, cookie);
  return (await response.json()) as CalendarClosing;
}

describe('the payout after an IBAN change', () => {
  it('waits 24 hours (shown on the card), is not retried meanwhile, and goes out to the new IBAN afterwards', async () => {
    const { calendar, cookie, email } = await createActiveCalendar(t);
    await give(calendar.slug, 2500);
    const changed = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { iban: 'GB29 NWBK 6016 1331 9268 19', password: PASSWORD },
      cookie,
    );
    expect(changed.status).toBe(200);
    const { ibanChangedAt } = await readCalendar(calendar.id);
    const heldUntil = new Date(ibanChangedAt!.getTime() + DAY_MS).toISOString();

    const announced = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: TODAY, thankYouMessage: 'Thank you!' },
      cookie,
    );
    expect(announced.status).toBe(200);
    await t.context.jobs.idle();

    expect(await readPayout(calendar.id)).toMatchObject({ status: 'pending', providerRef: null });
    expect(await readTransfers(calendar.id)).toHaveLength(0);
    expect((await readClosing(calendar.id, cookie)).payout).toEqual({
      amount: 2500,
      currency: 'usd',
      status: 'pending',
      heldUntil,
    });
    await t.sendQueuedMail();
    const confirmation = t.mailCatcher
      .list(email)
      .find((mail) => mail.subject === 'Congratulations! Your announcement is out');
    expect(confirmation?.text).toMatch(/Because the bank account was changed recently, it is on hold until .+ UTC/);

    // Neither reconciliation (it does not even pick the payout) nor the settlement job submits it.
    expect(await reconcilePayouts(t.context, { olderThanMs: 0 })).toEqual({ payouts: 0 });
    await t.context.jobs.enqueue(SETTLE_CALENDAR_JOB, calendar.id);
    await t.context.jobs.idle();
    expect(await readTransfers(calendar.id)).toHaveLength(0);

    // A minute after the hold: the next reconciliation submits it, to the new IBAN's recipient.
    await t.db
      .update(calendars)
      .set({ ibanChangedAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(calendars.id, calendar.id));
    expect(await reconcilePayouts(t.context, { olderThanMs: 0 })).toEqual({ payouts: 1 });
    const [transfer] = await readTransfers(calendar.id);
    expect(transfer).toMatchObject({ amount: 2500, destination: 'GB29…6819' });
    const recipient = (await readCalendar(calendar.id)).payoutRecipientRef!;
    const [account] = await t.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, recipient));
    expect(account?.destination).toBe('GB29…6819');

    await webhooks.deliverAll();
    expect((await readClosing(calendar.id, cookie)).payout).toEqual({ amount: 2500, currency: 'usd', status: 'paid' });
  });

  it('goes out at once when the IBAN was last changed more than 24 hours before the end', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await t.db
      .update(calendars)
      .set({ ibanChangedAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(calendars.id, calendar.id));
    await give(calendar.slug, 1200);
    const body = { birthDate: TODAY, thankYouMessage: 'Thank you!' };
    expect((await sendJson(t, 'POST', `/api/calendars/${calendar.id}/announce`, body, cookie)).status).toBe(200);
    await t.context.jobs.idle();
    expect(await readTransfers(calendar.id)).toHaveLength(1);
    expect((await readClosing(calendar.id, cookie)).payout).toEqual({
      amount: 1200,
      currency: 'usd',
      status: 'pending',
    });
  });

  it('cannot be redirected by an IBAN change that races the end of the calendar', async () => {
    const { calendar } = await createActiveCalendar(t);
    // The change read the calendar while it was active; the end committed before the change's write.
    await t.db.update(calendars).set({ status: 'announced' }).where(eq(calendars.id, calendar.id));
    const box = createSecretBox(t.context.env.APP_SECRETS, 'iban');
    await expect(
      updateCalendar(t.db, box, calendar, { bankAccount: 'GB29NWBK60161331926819' }, null),
    ).rejects.toMatchObject({
      code: 'calendar_closed',
      status: 409,
    });
    expect(await readCalendar(calendar.id)).toMatchObject({ ibanMasked: calendar.ibanMasked, ibanChangedAt: null });
  });
});
