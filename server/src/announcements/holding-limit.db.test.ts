import type { OwnerCalendar } from '@firstday/common/calendars';
import { toIsoDate } from '@firstday/common/calendars';
import { getEndSchedule } from '@firstday/common/end-schedule';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { payments, payouts } from '../payments/schema.ts';
import { runHoldingLimitSchedule } from './holding-limit.ts';
import { announcements } from './schema.ts';

// Decision 026: a calendar whose birth is never announced is reminded twice, then ended as its
// parents chose, and never later than the provider's holding limit allows. The clock is injected.

const DAY_MS = 86_400_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  t = await createTestApp();
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(() => t.close());

const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** An active calendar holding one paid $30 gift, its due date then moved to `dueDate`. */
async function calendarWithGift(dueDate: string) {
  const { calendar, cookie } = await createActiveCalendar(t);
  await t.db
    .update(calendars)
    .set({ dueDate: toIsoDate(daysFrom(new Date(), 10)) })
    .where(eq(calendars.id, calendar.id));
  const gift = await makeContribution(t, {
    guessedDate: toIsoDate(daysFrom(new Date(), 12)),
    giftAmount: 3000,
    payment: { type: 'card', card: GOOD_CARD },
  });
  expect((await withAnyCaptcha(t, async () => postContribution(t, calendar.slug, gift))).status).toBe(201);
  await webhooks.deliverAll();
  await t.db.update(calendars).set({ dueDate }).where(eq(calendars.id, calendar.id));
  return { calendar, cookie };
}

async function remindersOf(calendarId: string) {
  const rows = await t.db
    .select({ key: mailOutbox.dedupeKey, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `end-reminder-%:${calendarId}:%`));
  return rows.sort((a, b) => (a.key ?? '').localeCompare(b.key ?? ''));
}

async function endOf(calendarId: string) {
  const [calendar] = await t.db.select().from(calendars).where(eq(calendars.id, calendarId));
  const [announcement] = await t.db.select().from(announcements).where(eq(announcements.calendarId, calendarId));
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.calendarId, calendarId));
  return { status: calendar!.status, announcement, payout };
}

describe('the end schedule', () => {
  it('ends seven weeks after the due date, reminding four weeks and one week before', () => {
    const schedule = getEndSchedule({ dueDate: '2030-01-15', bankAccountMasked: 'DE89 •••• 3000' }, null);
    expect(schedule).toMatchObject({ reason: 'due_date', endsAt: new Date('2030-03-05T00:00:00Z') });
    expect(schedule.remindAt).toEqual([new Date('2030-02-05T00:00:00Z'), new Date('2030-02-26T00:00:00Z')]);
  });

  it('ends earlier when the oldest gift would be held longer than the provider allows', () => {
    const gift = new Date('2029-06-01T00:00:00Z');
    // Outside the US: 90 days, ended a week before.
    expect(getEndSchedule({ dueDate: '2030-01-15', bankAccountMasked: 'DE89 •••• 3000' }, gift)).toMatchObject({
      reason: 'holding_limit',
      endsAt: new Date('2029-08-23T00:00:00Z'),
      holdingLimitDays: 90,
    });
    // A US account may hold funds for two years: the due date decides.
    const us = getEndSchedule({ dueDate: '2030-01-15', bankAccountMasked: 'US ••••6789 (routing 110000000)' }, gift);
    expect(us).toMatchObject({ reason: 'due_date', holdingLimitDays: 730 });
  });

  it('reminds twice, once each, then pays the gifts out as chosen by default', async () => {
    const now = new Date();
    const { calendar, cookie } = await calendarWithGift(toIsoDate(daysFrom(now, -30)));
    const own = (await (
      await t.app.request(`/api/calendars/${calendar.id}`, { headers: { cookie } })
    ).json()) as OwnerCalendar;
    expect(own).toMatchObject({ giftsIfNotAnnounced: 'pay_out', endsOn: toIsoDate(daysFrom(now, 19)) });

    await runHoldingLimitSchedule(t.context, now);
    await runHoldingLimitSchedule(t.context, daysFrom(now, 1));
    let reminders = await remindersOf(calendar.id);
    expect(reminders.map((mail) => mail.key?.split(':')[0])).toEqual(['end-reminder-1']);
    expect(reminders[0]!.subject).toContain('ends on');
    expect(reminders[0]!.text).toContain('Has your baby arrived?');
    expect(reminders[0]!.text).toContain('pay out the gifts collected so far');

    await runHoldingLimitSchedule(t.context, daysFrom(now, 13));
    reminders = await remindersOf(calendar.id);
    expect(reminders.map((mail) => mail.key?.split(':')[0])).toEqual(['end-reminder-1', 'end-reminder-2']);
    expect((await endOf(calendar.id)).status).toBe('active');

    expect(await runHoldingLimitSchedule(t.context, daysFrom(now, 20))).toMatchObject({ ended: 1 });
    const end = await endOf(calendar.id);
    expect(end.status).toBe('announced');
    expect(end.announcement).toMatchObject({ kind: 'close', gifts: 'pay_out', notifyParticipants: false });
    expect(end.payout).toMatchObject({ amount: 3000 });
    // Ended once: a later run finds nothing to do.
    expect(await runHoldingLimitSchedule(t.context, daysFrom(now, 21))).toMatchObject({ ended: 0 });
  });

  it('refunds every gift when the parents chose so in advance', async () => {
    const now = new Date();
    const { calendar, cookie } = await calendarWithGift(toIsoDate(daysFrom(now, -50)));
    const chosen = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { giftsIfNotAnnounced: 'refund' },
      cookie,
    );
    expect(chosen.status).toBe(200);
    expect(((await chosen.json()) as OwnerCalendar).giftsIfNotAnnounced).toBe('refund');
    const refused = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { giftsIfNotAnnounced: 'keep' },
      cookie,
    );
    expect(refused.status).toBe(400);

    await runHoldingLimitSchedule(t.context, now);
    const end = await endOf(calendar.id);
    expect(end.announcement).toMatchObject({ kind: 'close', gifts: 'refund', notifyParticipants: true });
    expect(end.payout).toBeUndefined();
    const [gift] = await t.db.select().from(payments).where(eq(payments.calendarId, calendar.id));
    expect(gift!.refundDueAt).not.toBeNull();
  });

  it('ends a calendar due far ahead before its first gift is held 90 days, and says why', async () => {
    const now = new Date();
    const { calendar } = await calendarWithGift(toIsoDate(daysFrom(now, 200)));
    await t.db
      .update(payments)
      .set({ createdAt: daysFrom(now, -80) })
      .where(eq(payments.calendarId, calendar.id));

    await runHoldingLimitSchedule(t.context, now);
    const [reminder] = await remindersOf(calendar.id);
    expect(reminder!.key).toMatch(/^end-reminder-2:/);
    expect(reminder!.text).toContain('may hold gifts for 90 days at most');
    expect((await endOf(calendar.id)).status).toBe('active');

    await runHoldingLimitSchedule(t.context, daysFrom(now, 4));
    expect(await endOf(calendar.id)).toMatchObject({ status: 'announced', payout: { amount: 3000 } });
  });
});
