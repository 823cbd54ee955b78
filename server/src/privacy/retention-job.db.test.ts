import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar, GOOD_CARD, makeContribution, postContribution } from '../../test/test-contributions.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { recordAccountActivity } from '../account/account-activity.ts';
import { accountActivity } from '../account/schema.ts';
import { announcements } from '../announcements/schema.ts';
import { pendingSignUps, session, user, verification } from '../auth/schema.ts';
import { defineBackgroundJobs } from '../background-jobs.ts';
import { calendars } from '../calendars/schema.ts';
import { contributions } from '../contributions/schema.ts';
import { formatEmailDate } from '../emails/formatting.ts';
import { registerInstance } from '../lib/instance.ts';
import { createJobRunner } from '../lib/jobs/runner.ts';
import { jobs } from '../lib/jobs/schema.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { newsletterSubscribers } from '../newsletter/schema.ts';
import { ledgerEntries, payments } from '../payments/schema.ts';
import { applyRetentionSchedule, RETENTION_JOB } from './retention-job.ts';

let database: TestDatabase;
let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const DAY_MS = 24 * 60 * 60_000;
// The job's clock: the tests' data is placed around it.
const NOW = new Date();
const ago = (days: number, from = NOW) => new Date(from.getTime() - days * DAY_MS);

/** An active calendar of the test app's one owner, or one that ended `endedDaysAgo`; with the owner's cookie. */
async function insertCalendar(endedDaysAgo?: number) {
  const { calendar, cookie } = await createActiveCalendar(t);
  if (endedDaysAgo !== undefined) {
    await t.db.update(calendars).set({ status: 'paid_out' }).where(eq(calendars.id, calendar.id));
    await t.db.insert(announcements).values({
      id: randomUUID(),
      calendarId: calendar.id,
      kind: 'announcement',
      birthDate: '2030-01-10',
      gifts: 'pay_out',
      notifyParticipants: true,
      createdAt: ago(endedDaysAgo),
    });
  }
  return { ...calendar, ownerCookie: cookie };
}

async function insertContribution(
  calendarId: string,
  fields: Partial<typeof contributions.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(contributions).values({
    id,
    calendarId,
    name: 'Grace Hopper',
    email: `grace-${randomUUID()}@example.com`,
    guessedDate: '2030-01-10',
    wish: 'Welcome, little one!',
    currency: 'usd',
    status: 'confirmed',
    editTokenHash: 'a'.repeat(64),
    idempotencyKey: randomUUID(),
    ...fields,
  });
  return id;
}

const readContributions = (ids: string[]) =>
  t.db.select().from(contributions).where(inArray(contributions.id, ids)).orderBy(contributions.id);

async function insertUser(fields: Partial<typeof user.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({
    id,
    name: 'Old Parent',
    email: `old-${id}@example.com`,
    emailVerified: true,
    createdAt: ago(5 * 365),
    updatedAt: ago(5 * 365),
    ...fields,
  });
  return id;
}

describe('the retention schedule', () => {
  it('erases guests’ addresses and edit links 12 months after their calendar’s end, and keeps the keepsake', async () => {
    const ended = await insertCalendar(366);
    const recent = await insertCalendar(300);
    const running = await insertCalendar();
    const guest = `rose-${randomUUID()}@example.com`;
    const endedIds = [
      await insertContribution(ended.id, { email: guest, name: 'Grandma Rose', wish: 'Sleep well' }),
      await insertContribution(ended.id, { email: guest, name: 'Grandma Rose', wish: 'And grow' }),
      await insertContribution(ended.id),
    ];
    const keptIds = [await insertContribution(recent.id), await insertContribution(running.id)];
    const keptBefore = await readContributions(keptIds);

    await applyRetentionSchedule(t.context, NOW);

    const erased = await readContributions(endedIds);
    for (const row of erased) {
      expect(row.email).toMatch(/^erased:[0-9a-f]{32}$/);
      expect(row.editTokenHash).toBeNull();
    }
    const byWish = Object.fromEntries(erased.map((row) => [row.wish, row]));
    // One guest stays one participant, another stays another; names, wishes and guesses stay for the keepsake.
    expect(byWish['Sleep well']!.email).toBe(byWish['And grow']!.email);
    expect(byWish['Welcome, little one!']!.email).not.toBe(byWish['Sleep well']!.email);
    expect(byWish['Sleep well']).toMatchObject({
      name: 'Grandma Rose',
      guessedDate: '2030-01-10',
      status: 'confirmed',
    });
    expect(await readContributions(keptIds)).toEqual(keptBefore);
    // The parents' inbox and export show the wishes without an address.
    const inbox = await t.app.request(`/api/wishes?calendarId=${ended.id}`, { headers: { cookie: ended.ownerCookie } });
    const { items } = (await inbox.json()) as { items: { email: string; name: string }[] };
    expect(items.map((item) => [item.name, item.email])).toEqual(
      expect.arrayContaining([
        ['Grandma Rose', ''],
        ['Grace Hopper', ''],
      ]),
    );
    const csv = await t.app.request(`/api/wishes/export.csv?calendarId=${ended.id}`, {
      headers: { cookie: ended.ownerCookie },
    });
    const exported = await csv.text();
    expect(exported).toContain('Grandma Rose');
    expect(exported).not.toContain('erased:');
  });

  it('erases a declined gift’s sender, address and wish after a week, and nothing younger or confirmed', async () => {
    const calendar = await insertCalendar();
    const old = await insertContribution(calendar.id, { status: 'failed', updatedAt: ago(8) });
    const young = await insertContribution(calendar.id, { status: 'failed', updatedAt: ago(6) });
    const confirmed = await insertContribution(calendar.id, { updatedAt: ago(8) });
    const before = await readContributions([young, confirmed]);

    await applyRetentionSchedule(t.context, NOW);

    const [erased] = await readContributions([old]);
    expect(erased).toMatchObject({
      name: '',
      email: `erased:${old}`,
      wish: '',
      editTokenHash: null,
      guessedDate: null,
    });
    expect(await readContributions([young, confirmed])).toEqual(before);
  });

  it('erases sent e-mails’ bodies and deletes their delivery records after 12 months; unsent mail is untouched', async () => {
    const mail = (status: 'pending' | 'sent' | 'failed', sentDaysAgo: number | null) => ({
      id: randomUUID(),
      to: `reader-${randomUUID()}@example.com`,
      subject: 'Your edit link',
      text: 'Edit: https://firstday.test/edit?token=secret',
      html: '<a href="https://firstday.test/edit?token=secret">Edit</a>',
      headers: JSON.stringify({ 'List-Unsubscribe': '<https://firstday.test/u?token=x>', 'Reply-To': 'a@example.com' }),
      status,
      createdAt: ago((sentDaysAgo ?? 0) + 1),
      sentAt: sentDaysAgo === null ? null : ago(sentDaysAgo),
    });
    const rows = [mail('sent', 2), mail('failed', null), mail('sent', 370), mail('pending', null)];
    await t.db.insert(mailOutbox).values(rows);
    const [sent, failed, old, pending] = rows.map((row) => row.id) as [string, string, string, string];

    await applyRetentionSchedule(t.context, NOW);

    const after = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [sent, failed, old, pending]));
    const byId = new Map(after.map((row) => [row.id, row]));
    for (const id of [sent, failed]) {
      expect(byId.get(id)).toMatchObject({ text: '', html: '', subject: 'Your edit link' });
      expect(JSON.parse(byId.get(id)!.headers!)).toEqual({ 'Reply-To': 'a@example.com' });
    }
    expect(byId.has(old)).toBe(false);
    expect(byId.get(pending)).toMatchObject({ text: rows[3]!.text, html: rows[3]!.html, headers: rows[3]!.headers });
  });

  it('deletes expired sessions, verifications, pending sign-ups and stale newsletter addresses', async () => {
    const userId = await insertUser({ createdAt: ago(10), updatedAt: ago(10) });
    const sessionRow = (expiresAt: Date) => ({
      id: randomUUID(),
      token: randomUUID(),
      userId,
      expiresAt,
      ipAddress: '203.0.113.9',
      userAgent: 'Firefox',
      updatedAt: ago(40),
    });
    const [expired, live] = [sessionRow(ago(1)), sessionRow(ago(-1))];
    await t.db.insert(session).values([expired, live]);
    const verificationRow = (expiresAt: Date) => ({
      id: randomUUID(),
      identifier: randomUUID(),
      value: userId,
      expiresAt,
    });
    const [expiredCode, liveCode] = [verificationRow(ago(1)), verificationRow(ago(-1))];
    await t.db.insert(verification).values([expiredCode, liveCode]);
    await t.db.insert(pendingSignUps).values([
      { tokenHash: `expired-${userId}`, userId, expiresAt: ago(1) },
      { tokenHash: `live-${userId}`, userId, expiresAt: ago(-1) },
    ]);
    const subscriber = (status: 'pending' | 'confirmed' | 'unsubscribed', daysAgo: number) => ({
      id: randomUUID(),
      email: `reader-${randomUUID()}@example.com`,
      status,
      createdAt: ago(daysAgo),
      unsubscribedAt: status === 'unsubscribed' ? ago(daysAgo) : null,
    });
    const subscribers = [
      subscriber('pending', 31),
      subscriber('unsubscribed', 31),
      subscriber('pending', 29),
      subscriber('confirmed', 400),
      subscriber('unsubscribed', 29),
    ];
    await t.db.insert(newsletterSubscribers).values(subscribers);

    await applyRetentionSchedule(t.context, NOW);

    const sessions = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
    expect(sessions.map((row) => row.id)).toEqual([live.id]);
    const codes = await t.db
      .select({ id: verification.id })
      .from(verification)
      .where(inArray(verification.id, [expiredCode.id, liveCode.id]));
    expect(codes.map((row) => row.id)).toEqual([liveCode.id]);
    const pending = await t.db.select().from(pendingSignUps).where(eq(pendingSignUps.userId, userId));
    expect(pending.map((row) => row.tokenHash)).toEqual([`live-${userId}`]);
    const left = await t.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(
        inArray(
          newsletterSubscribers.id,
          subscribers.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual(
      subscribers
        .slice(2)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('removes payments’ personal fields after 7 years and their IP keys after a week; amounts and the ledger stay', async () => {
    const calendar = await insertCalendar();
    const payment = (createdAt: Date) => ({
      id: randomUUID(),
      calendarId: calendar.id,
      purpose: 'gift' as const,
      provider: 'sandbox' as const,
      providerRef: `sbx_${randomUUID()}`,
      amount: 2500,
      currency: 'usd',
      status: 'succeeded' as const,
      method: 'card' as const,
      cardLast4: '4242',
      idempotencyKey: randomUUID(),
      clientKey: 'keyed-ip-hash',
      payerAccountId: 'payer',
      createdAt,
    });
    const rows = [payment(ago(7 * 366)), payment(ago(8)), payment(ago(6))];
    await t.db.insert(payments).values(rows);
    const ledger = rows.map((row) => ({
      id: randomUUID(),
      transactionId: `payment:${row.id}`,
      account: 'customer_funds',
      amount: row.amount,
      currency: 'usd',
      calendarId: calendar.id,
      createdAt: row.createdAt,
    }));
    await t.db.insert(ledgerEntries).values(ledger);

    await applyRetentionSchedule(t.context, NOW);

    const after = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          rows.map((row) => row.id),
        ),
      );
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(rows[0]!.id)).toMatchObject({
      cardLast4: null,
      payerAccountId: null,
      providerRef: null,
      clientKey: null,
      amount: 2500,
      currency: 'usd',
      status: 'succeeded',
    });
    expect(byId.get(rows[1]!.id)).toMatchObject({
      cardLast4: '4242',
      providerRef: rows[1]!.providerRef,
      clientKey: null,
    });
    expect(byId.get(rows[2]!.id)).toMatchObject({ cardLast4: '4242', clientKey: 'keyed-ip-hash' });
    const ledgerAfter = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.id,
          ledger.map((row) => row.id),
        ),
      );
    expect(ledgerAfter.map((row) => row.amount)).toEqual([2500, 2500, 2500]);
  });

  it('warns an account unused for almost 3 years once, deletes it 30 days later, and spares one used again', async () => {
    const idle = await insertUser({ name: 'Idle Ida' });
    const returning = await insertUser();
    const active = await insertUser();
    await recordAccountActivity(t.db, active, ago(365));
    const unverifiedOld = await insertUser({ emailVerified: false, createdAt: ago(31), updatedAt: ago(31) });
    const unverifiedNew = await insertUser({ emailVerified: false, createdAt: ago(10), updatedAt: ago(10) });
    const idleEmail = `old-${idle}@example.com`;

    const first = await applyRetentionSchedule(t.context, NOW);
    expect(first).toMatchObject({ inactivityWarned: 2, inactiveAccountsDeleted: 0, unverifiedAccountsDeleted: 1 });
    const warnings = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, idleEmail));
    const deletionDate = formatEmailDate(ago(-30), 'en');
    expect(warnings.map((row) => row.subject)).toEqual([`Your Firstday account will be deleted on ${deletionDate}`]);
    expect(warnings[0]!.text).toContain('Hello Idle Ida');
    // Again the same day, and a day before the 30 days are up: no second warning, nobody deleted.
    expect(await applyRetentionSchedule(t.context, NOW)).toMatchObject({
      inactivityWarned: 0,
      inactiveAccountsDeleted: 0,
    });
    await recordAccountActivity(t.db, returning, ago(-5));
    expect(await applyRetentionSchedule(t.context, ago(-29))).toMatchObject({ inactiveAccountsDeleted: 0 });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, idleEmail))).toHaveLength(1);

    const last = await applyRetentionSchedule(t.context, ago(-31));
    expect(last).toMatchObject({ inactiveAccountsDeleted: 1 });
    // By then the unverified sign-up of 10 days before is past its 30 days too.
    const left = await t.db
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, [idle, returning, active, unverifiedOld, unverifiedNew]));
    expect(left.map((row) => row.id).sort()).toEqual([returning, active].sort());
    const [returned] = await t.db.select().from(accountActivity).where(eq(accountActivity.userId, returning));
    expect(returned?.inactivityWarnedAt).toBeNull();
  });

  it('keeps an unused account while its calendar still holds gifts', async () => {
    const { calendar } = await createActiveCalendar(t);
    const gift = await postContribution(
      t,
      calendar.slug,
      await makeContribution(t, { giftAmount: 3000, payment: { type: 'card', card: GOOD_CARD } }),
    );
    expect(gift.status).toBe(201);
    await webhooks.deliverAll();
    const ownerId = calendar.ownerId;
    // The owner's sign-in (better-auth's session hook) recorded the account's activity.
    const [activity] = await t.db.select().from(accountActivity).where(eq(accountActivity.userId, ownerId));
    expect(Date.now() - activity!.lastActiveAt.getTime()).toBeLessThan(10 * 60_000);
    await t.db
      .update(user)
      .set({ createdAt: ago(5 * 365), updatedAt: ago(5 * 365) })
      .where(eq(user.id, ownerId));
    await t.db
      .update(session)
      .set({ updatedAt: ago(5 * 365) })
      .where(eq(session.userId, ownerId));
    await t.db
      .update(accountActivity)
      .set({ lastActiveAt: ago(5 * 365) })
      .where(eq(accountActivity.userId, ownerId));

    await applyRetentionSchedule(t.context, NOW);
    const blocked = await applyRetentionSchedule(t.context, ago(-31));
    expect(blocked.accountDeletionsWaitingForMoney).toBeGreaterThanOrEqual(1);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, ownerId))).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(payment).toMatchObject({ amount: 3000, status: 'succeeded' });
    expect(await t.db.select({ id: calendars.id }).from(calendars).where(eq(calendars.id, calendar.id))).toHaveLength(
      1,
    );
  });

  it('does the rest when run again after an interruption, and nothing on a third run', async () => {
    const ended = await insertCalendar(400);
    const guests = [await insertContribution(ended.id), await insertContribution(ended.id)];
    const declined = await insertContribution(ended.id, { status: 'failed', updatedAt: ago(30) });
    await t.db.insert(mailOutbox).values({
      id: randomUUID(),
      to: 'old@example.com',
      subject: 'Old',
      text: 'token=abc',
      html: 'token=abc',
      status: 'sent',
      createdAt: ago(400),
      sentAt: ago(400),
    });
    // A server that stops after its first two writes (a crash, a deploy).
    let writes = 0;
    const interrupted = new Proxy(t.context.db, {
      get(target, property, receiver) {
        if ((property === 'update' || property === 'delete') && ++writes > 2) throw new Error('server stopped');
        return Reflect.get(target, property, receiver);
      },
    });
    await expect(applyRetentionSchedule({ ...t.context, db: interrupted }, NOW)).rejects.toThrow('server stopped');

    const rerun = await applyRetentionSchedule(t.context, NOW);
    expect(rerun.mailLogsDeleted).toBeGreaterThanOrEqual(1);
    for (const row of await readContributions([...guests, declined])) expect(row.email).toMatch(/^erased:/);
    expect(Object.values(await applyRetentionSchedule(t.context, NOW)).every((count) => count === 0)).toBe(true);
  });

  it('runs as one daily job that only one of two servers, each with its own connection, claims', async () => {
    let runs = 0;
    const [definition] = defineBackgroundJobs(() => t.context).filter((job) => job.name === RETENTION_JOB);
    expect(definition?.everyMs).toBe(DAY_MS);
    const counted = {
      ...definition!,
      async run(key: string) {
        runs++;
        await definition!.run(key);
      },
    };
    // The second server's own connection (on PostgreSQL; PGlite is one process's database).
    const other = await database.openAnother();
    const servers = await Promise.all(
      [database, other].map(async (db) => ({ db, instance: await registerInstance(db) })),
    );
    const runners = servers.map(({ db, instance }) =>
      createJobRunner({ db: db.db, logger: t.context.logger, instanceId: instance.id, definitions: [counted] }),
    );
    for (const runner of runners) await runner.start();
    await Promise.all(runners.map((runner) => runner.runDue()));
    await Promise.all(runners.map((runner) => runner.stop()));
    for (const { instance } of servers) await instance.stop();
    await other.close();

    expect(runs).toBe(1);
    const [row] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, RETENTION_JOB), eq(jobs.key, '')));
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
  });
});
