import { randomUUID } from 'node:crypto';
import type { AccountDeletionCheck } from '@firstday/common/account';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { GOOD_CARD, makeContribution, postContribution, withAnyCaptcha } from '../../test/test-contributions.ts';
import { createTestCalendar, useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { announcements } from '../announcements/schema.ts';
import { account, session, user } from '../auth/schema.ts';
import { calendars } from '../calendars/schema.ts';
import { contributions } from '../contributions/schema.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { ledgerEntries, payments, payouts } from '../payments/schema.ts';
import { PAYMENT_IN_PROGRESS_MS } from './delete-account.ts';
import { userProfiles } from './schema.ts';

const PASSWORD = 'correct horse battery';
const IBAN = 'DE89370400440532013000';
const NO_LIMIT = { limit: 100_000, windowMs: 60_000 };

let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    rateLimits: { contributionsPerIp: NO_LIMIT, contributionsPerCalendar: NO_LIMIT },
  });
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(() => t.close());

/** A new verified owner whose calendar's fee is paid (so the ledger has it): the calendar is active. */
async function createOwnerWithActiveCalendar() {
  const { calendar, cookie, email } = await createTestCalendar(t);
  const pay = await sendJson(
    t,
    'POST',
    `/api/calendars/${calendar.id}/pay`,
    { idempotencyKey: `fee-${randomUUID()}`, method: { type: 'card', card: GOOD_CARD } },
    cookie,
  );
  expect(pay.status).toBe(200);
  await webhooks.deliverAll();
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, calendar.id));
  expect(row!.status).toBe('active');
  return { calendar: row!, cookie, email, userId: row!.ownerId };
}

/** A guess with a $ gift paid by card and confirmed by the processor's webhook. */
async function giveGift(slug: string, giftAmount: number, email = `giver-${randomUUID()}@example.com`) {
  const body = await makeContribution(t, { email, giftAmount: giftAmount, payment: { type: 'card', card: GOOD_CARD } });
  const response = await withAnyCaptcha(t, async () => postContribution(t, slug, body));
  expect(response.status).toBe(201);
  await webhooks.deliverAll();
  return { email, idempotencyKey: body.idempotencyKey };
}

async function getDeletionCheck(cookie: string): Promise<AccountDeletionCheck> {
  const response = await sendJson(t, 'GET', '/api/account/deletion', undefined, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as AccountDeletionCheck;
}

function deleteAccount(cookie: string, body: unknown = { password: PASSWORD }) {
  return sendJson(t, 'POST', '/api/account/delete', body, cookie);
}

/**
 * Holds the settlement job (payouts and refunds after a close) until `release`, so a test sees
 * the calendar while its money is still on its way.
 */
/** Stops the background jobs (the settlement stays queued) until `release`. */
async function holdSettlements() {
  await t.context.jobs.stop();
  return {
    async release() {
      await t.context.jobs.start({ recurring: false });
      await t.context.jobs.idle();
    },
  };
}

async function userExists(userId: string) {
  return (await t.db.select().from(user).where(eq(user.id, userId))).length === 1;
}

/** Every row of every table of ours, as text: what survives of a person after the deletion. */
async function findRowsMentioning(text: string): Promise<string[]> {
  // PGlite and node-postgres both answer raw SQL with `rows`.
  const query = async <Row>(statement: ReturnType<typeof sql>) =>
    ((await t.db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const tables = await query<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await query<{ count: string | number }>(
      sql`select count(*) as count from ${sql.identifier(table)} as row where position(${text.toLowerCase()} in lower(row::text)) > 0`,
    );
    if (Number(row?.count) > 0) found.push(table);
  }
  return found;
}

/** Sum of the ledger per account, over the whole ledger. */
async function getLedgerBalances(): Promise<Map<string, number>> {
  const rows = await t.db
    .select({
      account: ledgerEntries.account,
      balance: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((row) => [row.account, row.balance]));
}

describe('GET /api/account/deletion and POST /api/account/delete', () => {
  it('refuses to delete an account whose active calendar holds a gift, and deletes nothing', async () => {
    const owner = await createOwnerWithActiveCalendar();
    await giveGift(owner.calendar.slug, 2500);

    const check = await getDeletionCheck(owner.cookie);
    expect(check).toEqual({
      canDelete: false,
      blockers: [
        {
          calendarId: owner.calendar.id,
          title: 'Baby Rose',
          reason: 'close_first',
          gifts: { count: 1, amount: 2500, currency: 'usd' },
          refunds: { count: 0, amount: 0, currency: 'usd' },
          paymentsInProgress: 0,
          payout: null,
        },
      ],
    });

    const refused = await deleteAccount(owner.cookie);
    expect(refused.status).toBe(409);
    const error = await readError(refused);
    expect(error.code).toBe('account_has_open_calendars');
    expect(error.message).toContain('“Baby Rose”');

    expect(await userExists(owner.userId)).toBe(true);
    const [calendar] = await t.db.select().from(calendars).where(eq(calendars.id, owner.calendar.id));
    expect(calendar!.status).toBe('active');
    const gifts = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.calendarId, owner.calendar.id), eq(payments.purpose, 'gift')));
    expect(gifts.map((gift) => gift.status)).toEqual(['succeeded']);
    expect((await t.app.request('/api/users/me', { headers: { cookie: owner.cookie } })).status).toBe(200);
  });

  it('deletes once a quiet close has refunded every gift: money rows kept without the calendar, ledger balanced, givers told', async () => {
    const owner = await createOwnerWithActiveCalendar();
    const first = await giveGift(owner.calendar.slug, 2500);
    const second = await giveGift(owner.calendar.slug, 1200);
    const guess = await makeContribution(t);
    expect((await withAnyCaptcha(t, async () => postContribution(t, owner.calendar.slug, guess))).status).toBe(201);
    const paymentIds = (
      await t.db.select({ id: payments.id }).from(payments).where(eq(payments.calendarId, owner.calendar.id))
    ).map((row) => row.id);
    expect(paymentIds).toHaveLength(3);

    const settlements = await holdSettlements();
    const closed = await sendJson(
      t,
      'POST',
      `/api/calendars/${owner.calendar.id}/close`,
      { gifts: 'refund', notifyParticipants: false },
      owner.cookie,
    );
    expect(closed.status).toBe(200);

    // Closed, the refunds not yet through: still blocked, and the dialog can say how far they are.
    const settling = await getDeletionCheck(owner.cookie);
    expect(settling.blockers).toMatchObject([
      { reason: 'settling', refunds: { count: 2, amount: 3700, currency: 'usd' }, gifts: { count: 0 }, payout: null },
    ]);
    expect((await deleteAccount(owner.cookie)).status).toBe(409);

    await settlements.release();
    expect(await getDeletionCheck(owner.cookie)).toEqual({ canDelete: true, blockers: [] });

    // Every giver whose gift goes back is told, though the owner chose not to notify participants.
    await t.sendQueuedMail();
    for (const giver of [first, second]) {
      const subjects = t.mailCatcher.list(giver.email).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === 'Your gift is being refunded')).toHaveLength(1);
    }
    const [notice] = t.mailCatcher.list(first.email).filter((mail) => mail.subject === 'Your gift is being refunded');
    expect(notice!.text).toContain('“Baby Rose” has been closed');
    expect(notice!.text).toContain('$25.00');
    expect(t.mailCatcher.list(guess.email.toLowerCase()).map((mail) => mail.subject)).toEqual([
      'Thank you for your wish',
    ]);

    const deleted = await deleteAccount(owner.cookie);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    // The browser's session cookie is expired in the same answer.
    expect(deleted.headers.getSetCookie().some((cookie) => /session_token=;.*Max-Age=0/i.test(cookie))).toBe(true);
    expect((await t.app.request('/api/users/me', { headers: { cookie: owner.cookie } })).status).toBe(401);

    // Gone: the account and everything hanging off it.
    expect(await userExists(owner.userId)).toBe(false);
    expect(await t.db.select().from(session).where(eq(session.userId, owner.userId))).toEqual([]);
    expect(await t.db.select().from(account).where(eq(account.userId, owner.userId))).toEqual([]);
    expect(await t.db.select().from(userProfiles).where(eq(userProfiles.userId, owner.userId))).toEqual([]);
    expect(await t.db.select().from(calendars).where(eq(calendars.id, owner.calendar.id))).toEqual([]);
    expect(await t.db.select().from(contributions).where(eq(contributions.calendarId, owner.calendar.id))).toEqual([]);
    expect(await t.db.select().from(announcements).where(eq(announcements.calendarId, owner.calendar.id))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).toEqual([]);
    expect(await findRowsMentioning(owner.email)).toEqual([]);
    expect(await findRowsMentioning(IBAN)).toEqual([]);

    // Kept: the payments (fee succeeded, gifts refunded) without their calendar, for the 7 years.
    const kept = await t.db.select().from(payments).where(inArray(payments.id, paymentIds));
    expect(kept.map((row) => [row.purpose, row.status, row.calendarId]).sort()).toEqual([
      ['fee', 'succeeded', null],
      ['gift', 'refunded', null],
      ['gift', 'refunded', null],
    ]);
    // The ledger: the calendar owes nothing, and every account balances against the others.
    const balances = await getLedgerBalances();
    expect(balances.get(`calendar:${owner.calendar.id}`)).toBe(0);
    expect([...balances.values()].reduce((sum, balance) => sum + balance, 0)).toBe(0);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, owner.calendar.id))).toHaveLength(
      0,
    );

    // The public link is gone with the calendar.
    expect((await t.app.request(`/api/public/calendars/${owner.calendar.slug}`)).status).toBe(404);
  });

  it('waits for a closed calendar’s payout: blocked while pending, deleted once paid', async () => {
    const owner = await createOwnerWithActiveCalendar();
    await giveGift(owner.calendar.slug, 4000);
    const closed = await sendJson(
      t,
      'POST',
      `/api/calendars/${owner.calendar.id}/close`,
      { gifts: 'pay_out', notifyParticipants: false },
      owner.cookie,
    );
    expect(closed.status).toBe(200);
    // Submitted to the processor; its confirmation (the webhook) has not come yet.
    await t.context.jobs.idle();

    const check = await getDeletionCheck(owner.cookie);
    expect(check.blockers).toMatchObject([
      { reason: 'settling', payout: { amount: 4000, currency: 'usd', status: 'pending' }, refunds: { count: 0 } },
    ]);
    expect((await deleteAccount(owner.cookie)).status).toBe(409);

    await webhooks.deliverAll();
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.calendarId, owner.calendar.id));
    expect(payout!.status).toBe('paid');
    expect((await getDeletionCheck(owner.cookie)).canDelete).toBe(true);
    expect((await deleteAccount(owner.cookie)).status).toBe(200);

    const [kept] = await t.db.select().from(payouts).where(eq(payouts.id, payout!.id));
    expect(kept).toMatchObject({ status: 'paid', calendarId: null, amount: 4000 });
    const balances = await getLedgerBalances();
    expect(balances.get(`calendar:${owner.calendar.id}`)).toBe(0);
    expect(balances.get('payouts')).toBe(0);
  });

  it('keeps an account whose payout failed until support has sorted it out', async () => {
    const owner = await createOwnerWithActiveCalendar();
    // The sandbox bank refuses IBANs ending in 0002.
    await t.db
      .update(calendars)
      .set({ ibanEncrypted: createSecretBox(t.context.env.APP_SECRETS, 'iban').seal('DE89370400440532010002') })
      .where(eq(calendars.id, owner.calendar.id));
    await giveGift(owner.calendar.slug, 1500);
    const announced = await sendJson(
      t,
      'POST',
      `/api/calendars/${owner.calendar.id}/announce`,
      { birthDate: new Date().toISOString().slice(0, 10), thankYouMessage: 'Thank you!' },
      owner.cookie,
    );
    expect(announced.status).toBe(200);
    await t.context.jobs.idle();
    await webhooks.deliverAll();

    expect((await getDeletionCheck(owner.cookie)).blockers).toMatchObject([
      {
        reason: 'payout_failed',
        payout: { amount: 1500, currency: 'usd', status: 'failed', failureReason: 'account_closed' },
      },
    ]);
    expect((await deleteAccount(owner.cookie)).status).toBe(409);
    expect(await userExists(owner.userId)).toBe(true);
  });

  it('deletes drafts and calendars without money with the account; a payment under way waits, an abandoned one does not', async () => {
    const owner = await createTestCalendar(t);
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, owner.calendar.id));
    const userId = row!.ownerId;
    // A second calendar, active, with a guess but no gift.
    const [quiet] = await t.db
      .insert(calendars)
      .values({ ...row!, id: randomUUID(), slug: `${row!.slug.slice(0, 10)}qq`, status: 'active' })
      .returning();
    const guess = await makeContribution(t);
    expect((await withAnyCaptcha(t, async () => postContribution(t, quiet!.slug, guess))).status).toBe(201);
    // The draft's fee is being paid right now.
    const [fee] = await t.db
      .insert(payments)
      .values({
        id: randomUUID(),
        calendarId: owner.calendar.id,
        purpose: 'fee',
        provider: 'sandbox',
        amount: 2000,
        status: 'processing',
        method: 'card',
        idempotencyKey: `fee-${randomUUID()}`,
      })
      .returning();

    expect((await getDeletionCheck(owner.cookie)).blockers).toMatchObject([
      { calendarId: owner.calendar.id, reason: 'payment_in_progress', paymentsInProgress: 1 },
    ]);
    expect((await deleteAccount(owner.cookie)).status).toBe(409);

    // Left at the card check for longer than a payment takes: abandoned, no longer in the way.
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - PAYMENT_IN_PROGRESS_MS - 60_000) })
      .where(eq(payments.id, fee!.id));
    expect(await getDeletionCheck(owner.cookie)).toEqual({ canDelete: true, blockers: [] });
    expect((await deleteAccount(owner.cookie)).status).toBe(200);

    expect(await userExists(userId)).toBe(false);
    expect(await t.db.select().from(calendars).where(eq(calendars.ownerId, userId))).toEqual([]);
    expect(await t.db.select().from(contributions).where(eq(contributions.calendarId, quiet!.id))).toEqual([]);
    // Should the abandoned payment still go through, the reconciler refunds it at once.
    const [kept] = await t.db.select().from(payments).where(eq(payments.id, fee!.id));
    expect(kept!.calendarId).toBeNull();
    expect(kept!.refundDueAt).not.toBeNull();
  });

  it('needs the password of a password account', async () => {
    const { cookie, email } = await createVerifiedUser(t, `leaving-${randomUUID()}@example.com`, PASSWORD);
    const missing = await deleteAccount(cookie, {});
    expect(missing.status).toBe(400);
    expect((await readError(missing)).fields).toEqual({ password: 'Please enter your password to confirm.' });
    const wrong = await deleteAccount(cookie, { password: 'wrong horse battery' });
    expect(wrong.status).toBe(400);
    expect((await readError(wrong)).code).toBe('invalid_password');
    // Typing DELETE is no substitute for the password.
    expect((await deleteAccount(cookie, { confirm: 'DELETE' })).status).toBe(400);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);

    expect((await deleteAccount(cookie)).status).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it('needs the typed DELETE and a recent sign-in from an account without a password', async () => {
    const { cookie, email } = await createVerifiedUser(t, `federated-${randomUUID()}@example.com`);
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    // As an account made by the federated sign-in: no password.
    await t.db.update(account).set({ password: null }).where(eq(account.userId, row!.id));

    const untyped = await deleteAccount(cookie, {});
    expect(untyped.status).toBe(400);
    expect((await readError(untyped)).fields).toEqual({ confirm: 'Type DELETE to confirm.' });

    // Signed in 20 minutes ago: a stolen session must not be enough.
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(session.userId, row!.id));
    const stale = await deleteAccount(cookie, { confirm: 'DELETE' });
    expect(stale.status).toBe(403);
    expect((await readError(stale)).code).toBe('reauthentication_required');
    expect(await userExists(row!.id)).toBe(true);

    await t.db.update(session).set({ createdAt: new Date() }).where(eq(session.userId, row!.id));
    expect((await deleteAccount(cookie, { confirm: 'DELETE' })).status).toBe(200);
    expect(await userExists(row!.id)).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expect((await sendJson(t, 'GET', '/api/account/deletion', undefined)).status).toBe(401);
    expect((await deleteAccount('', { password: PASSWORD })).status).toBe(401);
  });
});
