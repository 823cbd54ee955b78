import { randomUUID } from 'node:crypto';
import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import type { PublicCalendar } from '@firstday/common/contributions';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  createContributionTestApp,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { createTestCalendar } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { contributions } from '../contributions/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { refundPayment } from '../payments/payment-transitions.ts';
import { reconcilePayouts } from '../payments/payouts.ts';
import { ledgerEntries, payments, payouts, sandboxRefunds, sandboxTransfers } from '../payments/schema.ts';
import { announcements } from './schema.ts';

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

type EndAnswer = { calendar: OwnerCalendar; closing: CalendarClosing };

/** Announces, then lets the background settlement (the payout's submission) finish. */
async function announce(
  calendarId: string,
  cookie: string,
  body: unknown = { birthDate: TODAY, thankYouMessage: 'Thank you all!' },
) {
  const response = await sendJson(t, 'POST', `/api/calendars/${calendarId}/announce`, body, cookie);
  await t.context.jobs.idle();
  return response;
}

/** Closes; the settlement (payout or refunds) is left running, as in production. */
function close(calendarId: string, cookie: string, body: unknown) {
  return sendJson(t, 'POST', `/api/calendars/${calendarId}/close`, body, cookie);
}

/** A confirmed contribution; with `giftAmount`, paid by card and confirmed through the webhook. */
async function contribute(
  slug: string,
  overrides: { email?: string; giftAmount?: number; guessedDate?: string; name?: string } = {},
) {
  const { giftAmount, ...rest } = overrides;
  const body = await makeContribution(t, {
    ...rest,
    ...(giftAmount ? { giftAmount: giftAmount, payment: { type: 'card', card: GOOD_CARD } } : {}),
  });
  const response = await withAnyCaptcha(t, async () => postContribution(t, slug, body));
  expect(response.status).toBe(201);
  await webhooks.deliverAll();
  return body;
}

async function getPublic(slug: string) {
  const response = await t.app.request(`/api/public/calendars/${slug}`);
  return (await response.json()) as PublicCalendar;
}

function mailsTo(email: string) {
  return t.mailCatcher.list(email.toLowerCase());
}

describe('POST /api/calendars/:id/announce', () => {
  it('records one announcement and one payout for two concurrent requests, then pays out asynchronously', async () => {
    const { calendar, cookie, email: ownerEmail } = await createActiveCalendar(t);
    await contribute(calendar.slug, { giftAmount: 2500 });
    await contribute(calendar.slug, { giftAmount: 1000 });

    const [first, second] = await Promise.all([announce(calendar.id, cookie), announce(calendar.id, cookie)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const a = (await first.json()) as EndAnswer;
    const b = (await second.json()) as EndAnswer;
    expect(a.closing).toEqual(b.closing);
    expect(a.closing).toMatchObject({
      kind: 'announcement',
      birthDate: TODAY,
      thankYouMessage: 'Thank you all!',
      payout: { amount: 3500, currency: 'usd', status: 'pending' },
      refunds: null,
      emails: { total: 2, failed: [] },
    });
    expect(a.calendar.status).toBe('announced');
    expect(a.calendar.closing).toEqual(a.closing);

    expect(await t.db.select().from(announcements).where(eq(announcements.calendarId, calendar.id))).toHaveLength(1);
    const payoutRows = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id));
    expect(payoutRows).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, payoutRows[0]!.idempotencyKey)),
    ).toHaveLength(1);

    // A later attempt answers the same announcement.
    const again = await announce(calendar.id, cookie, { birthDate: TODAY, thankYouMessage: 'Another text' });
    expect(((await again.json()) as EndAnswer).closing.thankYouMessage).toBe('Thank you all!');

    // The sandbox confirms the transfer through the signed webhook: paid, calendar paid out.
    await webhooks.deliverAll();
    const closing = await sendJson(t, 'GET', `/api/calendars/${calendar.id}/closing`, undefined, cookie);
    expect(((await closing.json()) as CalendarClosing).payout).toEqual({
      amount: 3500,
      currency: 'usd',
      status: 'paid',
    });
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row!.status).toBe('paid_out');
    await t.sendQueuedMail();
    const paidMail = mailsTo(ownerEmail).find((mail) => mail.subject === 'Your gifts are on their way to your bank');
    expect(paidMail?.text).toContain('$35.00');
  });

  it('records a refused payout as failed with its reason, and settles a payout whose webhook was lost', async () => {
    const refused = await createActiveCalendar(t);
    await t.db
      .update(calendars)
      .set({ ibanEncrypted: createSecretBox(t.context.env.APP_SECRETS, 'iban').seal('DE89370400440532010002') })
      .where(eq(calendars.id, refused.calendar.id));
    await contribute(refused.calendar.slug, { giftAmount: 1500 });
    await announce(refused.calendar.id, refused.cookie);
    await webhooks.deliverAll();
    const closing = await sendJson(
      t,
      'GET',
      `/api/calendars/${refused.calendar.id}/closing`,
      undefined,
      refused.cookie,
    );
    expect(((await closing.json()) as CalendarClosing).payout).toEqual({
      amount: 1500,
      currency: 'usd',
      status: 'failed',
      failureReason: 'account_closed',
    });
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, refused.calendar.id));
    const owed = entries
      .filter((entry) => entry.account === `calendar:${refused.calendar.id}`)
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(owed).toBe(-1500);

    const lost = await createActiveCalendar(t);
    await contribute(lost.calendar.slug, { giftAmount: 800 });
    await announce(lost.calendar.id, lost.cookie);
    webhooks.discardAll();
    // The processor has settled the transfer once its webhook delay has passed: let it have passed.
    const [submitted] = await t.db.select().from(payouts).where(eq(payouts.calendarId, lost.calendar.id));
    await t.db
      .update(sandboxTransfers)
      .set({ createdAt: new Date(Date.now() - t.context.env.SANDBOX_WEBHOOK_DELAY_MS - 1000) })
      .where(eq(sandboxTransfers.id, submitted!.providerRef!));
    await reconcilePayouts(t.context, { olderThanMs: 0 });
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.calendarId, lost.calendar.id));
    expect(payout!.status).toBe('paid');
  });

  it('refuses a birth date in the future or before the calendar was created, and other owners', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const future = await announce(calendar.id, cookie, { birthDate: '2999-01-01', thankYouMessage: 'Hi' });
    expect(future.status).toBe(400);
    expect((await readError(future)).fields).toEqual({ birthDate: 'The birth date cannot be in the future.' });
    const early = await announce(calendar.id, cookie, { birthDate: '2001-01-01', thankYouMessage: 'Hi' });
    expect((await readError(early)).fields).toEqual({
      birthDate: 'The birth date cannot be before the calendar was created.',
    });
    const long = await announce(calendar.id, cookie, { birthDate: TODAY, thankYouMessage: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    const stranger = await createTestCalendar(t);
    expect((await announce(calendar.id, stranger.cookie)).status).toBe(404);
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row!.status).toBe('active');
  });

  it('e-mails each distinct participant once, with the birth, the text, the link and an unsubscribe link', async () => {
    const { calendar, cookie, email: ownerEmail } = await createActiveCalendar(t);
    const ada = `ada-${randomUUID()}@example.com`;
    const bob = `bob-${randomUUID()}@example.com`;
    await contribute(calendar.slug, { email: ada, guessedDate: '2030-01-10', name: 'Ada' });
    await contribute(calendar.slug, { email: ada.toUpperCase(), guessedDate: '2030-01-12', name: 'Ada' });
    await contribute(calendar.slug, { email: bob, guessedDate: '2030-01-20', name: 'Bob', giftAmount: 5000 });

    const response = await announce(calendar.id, cookie, { birthDate: TODAY, thankYouMessage: 'Love <3 from us' });
    expect(response.status).toBe(200);
    await t.sendQueuedMail();
    const celebrations = [...mailsTo(ada), ...mailsTo(bob)].filter((mail) =>
      mail.subject.startsWith('The baby is here'),
    );
    expect(celebrations).toHaveLength(2);
    const [mail] = mailsTo(ada).filter((m) => m.subject.startsWith('The baby is here'));
    expect(mail!.text).toContain('Love <3 from us');
    expect(mail!.html).toContain('Love &#60;3 from us');
    expect(mail!.text).toContain(`http://firstday.test/c/${calendar.slug}`);
    expect(mail!.text).toMatch(/Unsubscribe: http:\/\/firstday\.test\/api\/mail\/unsubscribe\?token=\S+/);

    const confirmation = mailsTo(ownerEmail).find((m) => m.subject === 'Congratulations! Your announcement is out');
    expect(confirmation?.text).toContain('Payout: $50.00');

    const closing = await sendJson(t, 'GET', `/api/calendars/${calendar.id}/closing`, undefined, cookie);
    expect(((await closing.json()) as CalendarClosing).emails).toEqual({ total: 2, sent: 2, failed: [] });

    // The public page: no form data changes, the birth and the closest guesses (12 Jan is 2 days off 10 Jan…).
    const view = await getPublic(calendar.slug);
    expect(view.status).toBe('announced');
    expect(view.announcement).toMatchObject({ birthDate: TODAY, message: 'Love <3 from us' });
    expect(view.announcement!.closestGuesses).toHaveLength(3);
  });

  it('shows the closest guesses with names hidden when the creator hides them', async () => {
    const { calendar, cookie } = await createActiveCalendar(t, { hideSenderNames: true });
    await contribute(calendar.slug, { name: 'Ada Lovelace', guessedDate: '2030-01-10' });
    await announce(calendar.id, cookie);
    const view = await getPublic(calendar.slug);
    expect(view.announcement!.closestGuesses).toHaveLength(1);
    expect(view.announcement!.closestGuesses[0]!.date).toBe('2030-01-10');
    expect(view.announcement!.closestGuesses[0]!.name).not.toContain('Ada');
  });

  it('closes the calendar to new guesses and gifts, and refunds a gift that was in flight', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await contribute(calendar.slug, { giftAmount: 2000 });
    // A gift whose page was opened before the announcement: charged, not yet confirmed.
    const inFlight = await makeContribution(t, { giftAmount: 3000, payment: { type: 'card', card: GOOD_CARD } });
    expect((await withAnyCaptcha(t, async () => postContribution(t, calendar.slug, inFlight))).status).toBe(201);

    const answer = (await (await announce(calendar.id, cookie)).json()) as EndAnswer;
    expect(answer.closing.payout?.amount).toBe(2000);

    const refused = await withAnyCaptcha(t, async () =>
      postContribution(
        t,
        calendar.slug,
        await makeContribution(t, { giftAmount: 1000, payment: { type: 'card', card: GOOD_CARD } }),
      ),
    );
    expect(refused.status).toBe(409);
    expect((await readError(refused)).code).toBe('calendar_closed');

    // The in-flight charge lands after the end: not in the payout, so it goes back to its sender
    // (refunded by the settlement job).
    await webhooks.deliverAll();
    await t.context.jobs.idle();
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `gift:${inFlight.idempotencyKey}`));
    expect(payment!.status).toBe('refunded');
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, payment!.providerRef!)),
    ).toHaveLength(1);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id));
    expect(payout!.amount).toBe(2000);
    const [contribution] = await t.db
      .select()
      .from(contributions)
      .where(eq(contributions.idempotencyKey, inFlight.idempotencyKey));
    expect(contribution!.status).toBe('failed');
    await t.sendQueuedMail();
    expect(mailsTo(inFlight.email).map((mail) => mail.subject)).toEqual(['Your gift is being refunded']);
  });
});

describe('the ledger', () => {
  it('sums to zero after a fee, gifts, a refund and a payout', async () => {
    const { calendar, cookie } = await createTestCalendar(t);
    const pay = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/pay`,
      { idempotencyKey: `fee-${randomUUID()}`, method: { type: 'card', card: GOOD_CARD } },
      cookie,
    );
    expect(pay.status).toBe(200);
    await webhooks.deliverAll();
    await t.db.update(calendars).set({ dueDate: '2030-01-15' }).where(eq(calendars.id, calendar.id));
    const first = await contribute(calendar.slug, { giftAmount: 4000 });
    await contribute(calendar.slug, { giftAmount: 1500 });
    const [refunded] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `gift:${first.idempotencyKey}`));
    await refundPayment(t.context, refunded!.id);
    await refundPayment(t.context, refunded!.id);
    expect((await announce(calendar.id, cookie)).status).toBe(200);
    await webhooks.deliverAll();

    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, calendar.id));
    const balance = (account: string) =>
      entries.filter((entry) => entry.account === account).reduce((sum, entry) => sum + entry.amount, 0);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    expect(balance('platform_revenue')).toBe(-2000);
    expect(balance(`calendar:${calendar.id}`)).toBe(0);
    expect(balance('payouts')).toBe(0);
    expect(balance('customer_funds')).toBe(2000);
    // One transaction per source event (fee, 2 gifts, refund, payout started, payout paid).
    expect(new Set(entries.map((entry) => entry.transactionId)).size).toBe(6);

    const [total] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
      .from(ledgerEntries);
    expect(total!.sum).toBe(0);
  });
});

describe('POST /api/calendars/:id/close', () => {
  it('refunds every gift once, sends no celebration, and shows a neutral public page', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const sender = `sender-${randomUUID()}@example.com`;
    await contribute(calendar.slug, { giftAmount: 2500, email: sender });
    await contribute(calendar.slug, { giftAmount: 1200 });
    await contribute(calendar.slug, {});

    const raised = async () =>
      ((await (await sendJson(t, 'GET', `/api/calendars/${calendar.id}`, undefined, cookie)).json()) as OwnerCalendar)
        .raisedAmount;
    expect(await raised()).toBe(3700);

    const body = { gifts: 'refund', notifyParticipants: false };
    const [a, b] = await Promise.all([close(calendar.id, cookie, body), close(calendar.id, cookie, body)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // The close answers at once; the refunds run in the background and the owner sees them progress.
    const { refunds: early } = ((await a.json()) as EndAnswer).closing;
    expect(early!.count + early!.pending).toBe(2);
    await t.context.jobs.idle();
    const again = await close(calendar.id, cookie, body);
    await t.context.jobs.idle();
    const answer = (await again.json()) as EndAnswer;
    expect(answer.closing).toMatchObject({
      kind: 'close',
      birthDate: null,
      payout: null,
      refunds: { count: 2, amount: 3700, currency: 'usd', pending: 0 },
      emails: { total: 0, sent: 0, failed: [] },
    });

    const gifts = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(gifts.map((gift) => gift.status)).toEqual(['refunded', 'refunded']);
    const refunds = await t.db
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.chargeId,
          gifts.map((gift) => gift.providerRef!),
        ),
      );
    expect(refunds).toHaveLength(2);
    expect(await t.db.select().from(payouts).where(eq(payouts.calendarId, calendar.id))).toHaveLength(0);
    // Refunded gifts no longer count as raised.
    expect(await raised()).toBe(0);

    // No notice (not asked for), but the giver learns that the gift goes back.
    await t.sendQueuedMail();
    expect(
      mailsTo(sender)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Thank you for your wish and your gift', 'Your gift is being refunded']);
    const view = await getPublic(calendar.slug);
    expect(view.status).toBe('announced');
    expect(view.announcement).toBeNull();

    // An announcement after a close is refused.
    expect((await announce(calendar.id, cookie)).status).toBe(409);
  });

  it('pays out on request and sends the neutral notice only when asked', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const guest = `guest-${randomUUID()}@example.com`;
    await contribute(calendar.slug, { giftAmount: 1000, email: guest });
    const response = await close(calendar.id, cookie, {
      gifts: 'pay_out',
      notifyParticipants: true,
      message: 'Thank you for your kindness.',
    });
    const answer = (await response.json()) as EndAnswer;
    expect(answer.closing.payout).toEqual({ amount: 1000, currency: 'usd', status: 'pending' });
    await t.sendQueuedMail();
    const received = mailsTo(guest).filter((mail) => !mail.subject.startsWith('Thank you'));
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toContain('is closed');
    expect(received[0]!.text).toContain('Thank you for your kindness.');
    expect(received[0]!.text).not.toContain('baby');
    await t.context.jobs.idle();
  });
});

describe('unsubscribing', () => {
  it('stops celebration e-mails to that address', async () => {
    const fan = `fan-${randomUUID()}@example.com`;
    const first = await createActiveCalendar(t);
    await contribute(first.calendar.slug, { email: fan });
    await announce(first.calendar.id, first.cookie);
    await t.sendQueuedMail();
    const link = mailsTo(fan)
      .find((mail) => mail.subject.startsWith('The baby is here'))
      ?.text.match(/http:\/\/firstday\.test(\/api\/mail\/unsubscribe\?token=\S+)/)?.[1];
    expect(link).toBeDefined();
    const page = await t.app.request(link!);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/mail/unsubscribed');
    expect((await t.app.request(`${link!}x`)).headers.get('location')).toBe('/mail/unsubscribed?link=invalid');

    const second = await createActiveCalendar(t);
    await contribute(second.calendar.slug, { email: fan });
    const answer = (await (await announce(second.calendar.id, second.cookie)).json()) as EndAnswer;
    expect(answer.closing.emails.total).toBe(0);
    await t.sendQueuedMail();
    expect(mailsTo(fan).filter((mail) => mail.subject.startsWith('The baby is here'))).toHaveLength(1);
  });
});
