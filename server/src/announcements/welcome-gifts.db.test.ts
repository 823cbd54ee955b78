import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import type { PublicCalendar } from '@firstday/common/contributions';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  createContributionTestApp,
  DECLINED_CARD,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { sendJson, TEST_ORIGIN } from '../../test/test-users.ts';
import { contributions } from '../contributions/schema.ts';
import { ledgerEntries, payments, payouts } from '../payments/schema.ts';
import { announcements } from './schema.ts';
import { runWelcomeGiftsSchedule } from './welcome-gifts.ts';

// Welcome gifts after the birth (decision 026): the page takes gifts with a wish and no guess for a
// while after the announcement, and the calendar's one payout comes at the window's end.

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];
const TODAY = new Date().toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

type EndAnswer = { calendar: OwnerCalendar; closing: CalendarClosing };

async function announce(calendarId: string, cookie: string, welcomeGifts = true) {
  const response = await sendJson(
    t,
    'POST',
    `/api/calendars/${calendarId}/announce`,
    { birthDate: TODAY, thankYouMessage: 'Thank you all!', welcomeGifts },
    cookie,
  );
  await t.context.jobs.idle();
  expect(response.status).toBe(200);
  return (await response.json()) as EndAnswer;
}

/** A gift by card; `guessedDate: undefined` makes it a welcome gift. */
async function sendGift(slug: string, giftAmount: number, overrides: { guessedDate?: string; name?: string } = {}) {
  const body = await makeContribution(t, {
    ...overrides,
    giftAmount,
    payment: { type: 'card', card: GOOD_CARD },
  });
  return withAnyCaptcha(t, async () => postContribution(t, slug, body));
}

async function sendWelcomeGift(slug: string, giftAmount: number, name = 'Aunt May') {
  return sendGift(slug, giftAmount, { guessedDate: undefined, name });
}

async function getPublic(slug: string) {
  const response = await t.app.request(`/api/public/calendars/${slug}`);
  return (await response.json()) as PublicCalendar;
}

describe('welcome gifts after the birth', () => {
  it('takes welcome gifts after the announcement, refuses guesses, and pays everything out once when the window ends', async () => {
    const { calendar, cookie, email: ownerEmail } = await createActiveCalendar(t);
    expect((await sendGift(calendar.slug, 2500)).status).toBe(201);
    await webhooks.deliverAll();

    const answer = await announce(calendar.id, cookie);
    expect(answer.closing.payout).toBeNull();
    const until = new Date(answer.closing.welcomeGifts!.until);
    expect(answer.closing.welcomeGifts).toEqual({ until: until.toISOString(), closedAt: null });
    expect(until.getTime() - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id))).toEqual([]);

    // The guest page shows the birth and offers welcome gifts.
    const page = await getPublic(calendar.slug);
    expect(page.announcement?.birthDate).toBe(TODAY);
    expect(page.welcomeGifts).toEqual({ until: until.toISOString() });

    // A guess is refused, with or without a gift; a welcome gift needs a gift.
    const guess = await sendGift(calendar.slug, 1000, { guessedDate: '2030-01-10' });
    expect(guess.status).toBe(409);
    expect((await readError(guess)).code).toBe('calendar_closed');
    const wishOnly = await withAnyCaptcha(t, async () =>
      postContribution(t, calendar.slug, await makeContribution(t, { guessedDate: undefined })),
    );
    expect(wishOnly.status).toBe(400);
    expect((await readError(wishOnly)).fields).toHaveProperty('giftAmount');

    // Two welcome gifts: confirmed, public without a guess, each giver gets the receipt.
    const welcome = await sendWelcomeGift(calendar.slug, 4000, 'Aunt May');
    expect(welcome.status).toBe(201);
    expect((await sendWelcomeGift(calendar.slug, 1500, 'Uncle Ben')).status).toBe(201);
    await webhooks.deliverAll();
    const { contributionId } = (await welcome.json()) as { contributionId: string };
    const [row] = await t.db.select().from(contributions).where(eq(contributions.id, contributionId));
    expect(row).toMatchObject({ status: 'confirmed', guessedDate: null, giftAmount: 4000 });
    const after = await getPublic(calendar.slug);
    expect(after.wishes.items.filter((wish) => wish.guessedDate === null).map((wish) => wish.name)).toEqual(
      expect.arrayContaining(['Aunt May', 'Uncle Ben']),
    );
    expect(after.guesses).toHaveLength(1);
    await t.sendQueuedMail();
    const receipt = t.mailCatcher
      .list(row!.email)
      .find((mail) => mail.subject === 'Thank you for your wish and your gift');
    expect(receipt?.text).toContain('Your welcome gift and wish are on');
    expect(receipt?.text).not.toContain('Your guess');
    // The parents hear of it as of any gift, as a welcome gift.
    expect(t.mailCatcher.list(ownerEmail.toLowerCase()).map((mail) => mail.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('Aunt May sent a welcome gift of $40.00')]),
    );

    // Before the window's end nothing is paid out; at its end, one payout for all four gifts… three.
    expect(await runWelcomeGiftsSchedule(t.context, new Date(until.getTime() - 3600_000))).toEqual({ closed: 0 });
    expect(await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id))).toEqual([]);
    const end = new Date(until.getTime() + 60_000);
    const [firstRun, secondRun] = await Promise.all([
      runWelcomeGiftsSchedule(t.context, end),
      runWelcomeGiftsSchedule(t.context, end),
    ]);
    expect(firstRun.closed + secondRun.closed).toBe(1);
    await t.context.jobs.idle();
    const payoutRows = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id));
    expect(payoutRows).toHaveLength(1);
    expect(payoutRows[0]).toMatchObject({ amount: 2500 + 4000 + 1500, currency: 'usd' });
    expect(await runWelcomeGiftsSchedule(t.context, new Date(end.getTime() + DAY_MS))).toEqual({ closed: 0 });

    // The payout's ledger move is the whole amount, once; the sandbox pays it.
    const started = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(like(ledgerEntries.transactionId, `payout:${payoutRows[0]!.id}:started`)));
    expect(started.find((line) => line.account === `calendar:${calendar.id}`)?.amount).toBe(8000);
    await webhooks.deliverAll();
    const closing = await sendJson(t, 'GET', `/api/calendars/${calendar.id}/closing`, undefined, cookie);
    const closed = (await closing.json()) as CalendarClosing;
    expect(closed.payout).toMatchObject({ amount: 8000, status: 'paid' });
    expect(closed.welcomeGifts?.closedAt).toBe(end.toISOString());
    expect((await getPublic(calendar.slug)).welcomeGifts).toBeNull();

    // After the window a welcome gift is refused, saying so.
    const late = await sendWelcomeGift(calendar.slug, 1000);
    expect(late.status).toBe(409);
    const error = await readError(late);
    expect(error.code).toBe('welcome_gifts_closed');
    expect(error.message).toMatch(/^The welcome gifts for this baby closed on /);
  });

  it('refuses a welcome gift once the window has passed, even before the hourly job closed it', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await announce(calendar.id, cookie);
    await t.db
      .update(announcements)
      .set({ welcomeGiftsUntil: new Date(Date.now() - 60_000) })
      .where(eq(announcements.calendarId, calendar.id));
    t.context.publicCalendars.invalidate(calendar.id);
    const late = await sendWelcomeGift(calendar.slug, 1000);
    expect(late.status).toBe(409);
    expect((await readError(late)).code).toBe('welcome_gifts_closed');
    expect((await getPublic(calendar.slug)).welcomeGifts).toBeNull();
  });

  it('caps the window by the holding limit of the oldest gift, less a week', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    expect((await sendGift(calendar.slug, 2000)).status).toBe(201);
    await webhooks.deliverAll();
    // The first gift was paid 80 days ago (a bank outside the US: 90 days): 3 days are left.
    const oldest = new Date(Date.now() - 80 * DAY_MS);
    await t.db.update(payments).set({ createdAt: oldest }).where(eq(payments.calendarId, calendar.id));
    const answer = await announce(calendar.id, cookie);
    expect(answer.closing.welcomeGifts?.until).toBe(new Date(oldest.getTime() + 83 * DAY_MS).toISOString());
    expect(answer.closing.payout).toBeNull();
  });

  it('pays out at once when the holding limit leaves no time for welcome gifts', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    expect((await sendGift(calendar.slug, 2000)).status).toBe(201);
    await webhooks.deliverAll();
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 85 * DAY_MS) })
      .where(eq(payments.calendarId, calendar.id));
    const answer = await announce(calendar.id, cookie);
    expect(answer.closing.welcomeGifts).toBeNull();
    expect(answer.closing.payout).toMatchObject({ amount: 2000 });
    expect((await getPublic(calendar.slug)).welcomeGifts).toBeNull();
  });

  it("lets the parents end the window early ('Pay out now'), and keeps today's payout without welcome gifts", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    expect((await sendGift(calendar.slug, 3000)).status).toBe(201);
    await webhooks.deliverAll();
    await announce(calendar.id, cookie);
    expect((await sendWelcomeGift(calendar.slug, 500)).status).toBe(201);
    await webhooks.deliverAll();
    const now = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/welcome-gifts/close`, undefined, cookie);
    expect(now.status).toBe(200);
    const answer = (await now.json()) as EndAnswer;
    expect(answer.closing.welcomeGifts?.closedAt).not.toBeNull();
    expect(answer.closing.payout).toMatchObject({ amount: 3500 });
    const again = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/welcome-gifts/close`, undefined, cookie);
    expect(again.status).toBe(200);
    await t.context.jobs.idle();
    expect(await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id))).toHaveLength(1);

    // Without welcome gifts: paid out at the announcement, as before; 'Pay out now' has nothing to end.
    const plain = await createActiveCalendar(t);
    expect((await sendGift(plain.calendar.slug, 1000)).status).toBe(201);
    await webhooks.deliverAll();
    const ended = await announce(plain.calendar.id, plain.cookie, false);
    expect(ended.closing).toMatchObject({ welcomeGifts: null, payout: { amount: 1000 } });
    expect((await sendWelcomeGift(plain.calendar.slug, 1000)).status).toBe(409);
    const nothing = await sendJson(
      t,
      'POST',
      `/api/calendars/${plain.calendar.id}/welcome-gifts/close`,
      undefined,
      plain.cookie,
    );
    expect(nothing.status).toBe(409);
  });

  it('refunds a welcome gift whose charge lands after the window closed: it is in no payout', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await announce(calendar.id, cookie);
    expect((await sendWelcomeGift(calendar.slug, 1200)).status).toBe(201);
    // Its confirmation has not arrived when the parents pay out.
    const now = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/welcome-gifts/close`, undefined, cookie);
    expect(((await now.json()) as EndAnswer).closing.payout).toBeNull();
    await webhooks.deliverAll();
    await t.context.jobs.idle();
    const [gift] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(gift).toMatchObject({ amount: 1200, status: 'refunded' });
    expect(await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id))).toEqual([]);
  });

  it('asks for a guess before the birth', async () => {
    const { calendar } = await createActiveCalendar(t);
    const response = await sendWelcomeGift(calendar.slug, 1000);
    expect(response.status).toBe(400);
    expect((await readError(response)).fields).toHaveProperty('guessedDate');
  });
});

describe('the card-testing defence on welcome gifts', () => {
  it('pauses an address after 5 declined welcome gifts, as for any gift (decision 022)', async () => {
    const app = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      rateLimits: {
        contributionsPerIp: { limit: 100, windowMs: 10 * 60_000 },
        contributionsPerCalendar: { limit: 100, windowMs: 10 * 60_000 },
      },
    });
    try {
      useManualSandboxWebhooks(app);
      const { calendar, cookie } = await createActiveCalendar(app);
      const announced = await sendJson(
        app,
        'POST',
        `/api/calendars/${calendar.id}/announce`,
        { birthDate: TODAY, thankYouMessage: 'Thank you!', welcomeGifts: true },
        cookie,
      );
      expect(announced.status).toBe(200);
      const numbers = [
        '4000000000000002',
        '4000000000009995',
        '4000000000000069',
        '4000000000000127',
        '4000000000000119',
      ];
      async function giveFrom(number: string) {
        const body = await makeContribution(app, {
          guessedDate: undefined,
          giftAmount: 100,
          payment: { type: 'card', card: { ...DECLINED_CARD, number } },
        });
        return app.app.request(`/api/public/calendars/${calendar.slug}/contributions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-forwarded-for': '198.51.100.77' },
          body: JSON.stringify(body),
        });
      }
      for (const number of numbers) {
        const declined = await giveFrom(number);
        expect(declined.status).toBe(201);
        expect(((await declined.json()) as { payment: { status: string } }).payment.status).toBe('failed');
      }
      const sixth = await giveFrom(GOOD_CARD.number);
      expect(sixth.status).toBe(429);
      expect((await readError(sixth)).code).toBe('payments_paused');
    } finally {
      await app.close();
    }
  });
});
