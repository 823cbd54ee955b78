import { randomUUID } from 'node:crypto';
import type { ThankYouList, ThankYouSendResult } from '@firstday/common/thank-yous';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError } from '../../test/test-app.ts';
import { createActiveCalendar, createContributionTestApp } from '../../test/test-contributions.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { announcements } from '../announcements/schema.ts';
import { contributions } from '../contributions/schema.ts';
import { images } from '../images/schema.ts';
import { mailOutbox, mailSuppressions } from '../lib/mail/schema.ts';
import { getThankYouMailTopic } from './list-thank-yous.ts';
import { thankYouNotes } from './schema.ts';

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t } = await createContributionTestApp());
});
afterAll(() => t.close());

/** A confirmed contribution written straight to the database (the guest flow is tested elsewhere). */
async function addParticipant(
  calendarId: string,
  values: { name: string; giftAmount?: number; status?: 'confirmed' | 'pending_payment'; email?: string },
) {
  const id = randomUUID();
  await t.db.insert(contributions).values({
    id,
    calendarId,
    currency: 'usd',
    name: values.name,
    email: values.email ?? `${values.name.toLowerCase()}-${id.slice(0, 8)}@example.com`,
    guessedDate: '2030-01-10',
    wish: `All the best from ${values.name}`,
    giftAmount: values.giftAmount ?? null,
    status: values.status ?? 'confirmed',
    idempotencyKey: `test-${id}`,
  });
  return id;
}

/** An active calendar with three participants (one pending payment, never listed), announced. */
async function createAnnouncedCalendar() {
  const owner = await createActiveCalendar(t);
  const ids = {
    tom: await addParticipant(owner.calendar.id, { name: 'Tom', giftAmount: 3500 }),
    ana: await addParticipant(owner.calendar.id, { name: 'Ana' }),
    lee: await addParticipant(owner.calendar.id, { name: 'Lee', giftAmount: 1000 }),
  };
  await addParticipant(owner.calendar.id, { name: 'Pending', giftAmount: 500, status: 'pending_payment' });
  const announced = await sendJson(
    t,
    'POST',
    `/api/calendars/${owner.calendar.id}/announce`,
    { birthDate: TODAY, thankYouMessage: 'Thank you all!' },
    owner.cookie,
  );
  expect(announced.status).toBe(200);
  await t.context.jobs.idle();
  return { ...owner, ids };
}

function list(calendarId: string, cookie: string) {
  return sendJson(t, 'GET', `/api/calendars/${calendarId}/thank-yous`, undefined, cookie);
}

function thankOne(
  calendarId: string,
  contributionId: string,
  cookie: string,
  message: unknown = 'Dear friend, thanks!',
) {
  return sendJson(t, 'POST', `/api/calendars/${calendarId}/thank-yous/${contributionId}`, { message }, cookie);
}

function thankEveryone(calendarId: string, cookie: string, message: unknown = 'Dear {name}, thank you!') {
  return sendJson(t, 'POST', `/api/calendars/${calendarId}/thank-yous`, { message }, cookie);
}

async function thankYouMails(calendarId: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, getThankYouMailTopic(calendarId)));
}

describe('thank-you notes', () => {
  it('lists every confirmed participant with wish, gift and status, for the owner only', async () => {
    const { calendar, cookie } = await createAnnouncedCalendar();
    const response = await list(calendar.id, cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ThankYouList;
    expect(body.open).toBe(true);
    expect(body.closedReason).toBeNull();
    expect(body.progress).toEqual({ thanked: 0, total: 3 });
    expect(body.participants.map((participant) => participant.name).sort()).toEqual(['Ana', 'Lee', 'Tom']);
    const tom = body.participants.find((participant) => participant.name === 'Tom');
    expect(tom).toMatchObject({
      giftAmount: 3500,
      wish: 'All the best from Tom',
      guessedDate: '2030-01-10',
      thankedAt: null,
      message: null,
      bounced: false,
      unsubscribed: false,
    });
    expect(body.participants.find((participant) => participant.name === 'Ana')?.giftAmount).toBeNull();

    // Signed out: 401. Another account: 404 for the list and the sends, and nothing recorded.
    expect((await list(calendar.id, '')).status).toBe(401);
    expect((await thankEveryone(calendar.id, '')).status).toBe(401);
    const stranger = await createVerifiedUser(t, `stranger-${randomUUID()}@example.com`);
    expect((await list(calendar.id, stranger.cookie)).status).toBe(404);
    expect((await thankEveryone(calendar.id, stranger.cookie)).status).toBe(404);
    expect((await thankOne(calendar.id, tom!.contributionId, stranger.cookie)).status).toBe(404);
    expect(await t.db.select().from(thankYouNotes).where(eq(thankYouNotes.calendarId, calendar.id))).toHaveLength(0);
  });

  it('refuses notes before the end and after a close that refunds the gifts, with a clear 409', async () => {
    const active = await createActiveCalendar(t);
    const tom = await addParticipant(active.calendar.id, { name: 'Tom' });
    const before = await thankOne(active.calendar.id, tom, active.cookie);
    expect(before.status).toBe(409);
    expect(await readError(before)).toMatchObject({
      code: 'thank_yous_closed',
      message: 'Thank-you notes can be sent once the birth is announced.',
    });
    const listed = (await (await list(active.calendar.id, active.cookie)).json()) as ThankYouList;
    expect(listed).toMatchObject({ open: false, progress: { thanked: 0, total: 1 } });

    const refunded = await createActiveCalendar(t);
    const ana = await addParticipant(refunded.calendar.id, { name: 'Ana' });
    const closed = await sendJson(
      t,
      'POST',
      `/api/calendars/${refunded.calendar.id}/close`,
      { gifts: 'refund', notifyParticipants: false },
      refunded.cookie,
    );
    expect(closed.status).toBe(200);
    await t.context.jobs.idle();
    for (const response of [
      await thankOne(refunded.calendar.id, ana, refunded.cookie),
      await thankEveryone(refunded.calendar.id, refunded.cookie),
    ]) {
      expect(response.status).toBe(409);
      expect((await readError(response)).message).toContain('refunded');
    }

    // A quiet close that pays the gifts out opens the notes.
    const paidOut = await createActiveCalendar(t);
    const lee = await addParticipant(paidOut.calendar.id, { name: 'Lee' });
    await sendJson(
      t,
      'POST',
      `/api/calendars/${paidOut.calendar.id}/close`,
      { gifts: 'pay_out', notifyParticipants: false },
      paidOut.cookie,
    );
    await t.context.jobs.idle();
    expect((await thankOne(paidOut.calendar.id, lee, paidOut.cookie)).status).toBe(200);
  });

  it('answers 400 with a field message for a missing or too long note, and 404 for a stranger contribution', async () => {
    const { calendar, cookie, ids } = await createAnnouncedCalendar();
    const empty = await thankOne(calendar.id, ids.tom, cookie, '   ');
    expect(empty.status).toBe(400);
    expect((await readError(empty)).fields).toEqual({ message: 'Please write your thank-you note.' });
    const long = await thankEveryone(calendar.id, cookie, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect((await readError(long)).fields?.message).toBe('The note can be at most 2,000 characters.');
    const missing = await sendJson(t, 'POST', `/api/calendars/${calendar.id}/thank-yous/${ids.tom}`, {}, cookie);
    expect(missing.status).toBe(400);
    expect((await thankOne(calendar.id, randomUUID(), cookie)).status).toBe(404);
    expect((await thankOne(calendar.id, 'not-an-id', cookie)).status).toBe(404);
    const other = await createAnnouncedCalendar();
    expect((await thankOne(calendar.id, other.ids.tom, cookie)).status).toBe(404);
    expect(await thankYouMails(calendar.id)).toHaveLength(0);
  });

  it('records one note and queues exactly one e-mail when the same note is posted twice at once', async () => {
    const { calendar, cookie, ids } = await createAnnouncedCalendar();
    const [first, second] = await Promise.all([
      thankOne(calendar.id, ids.tom, cookie, 'Dear Tom, thank you for your $35 gift!'),
      thankOne(calendar.id, ids.tom, cookie, 'Dear Tom, thank you for your $35 gift!'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [(await first.json()) as ThankYouSendResult, (await second.json()) as ThankYouSendResult];
    expect(answers.map((answer) => answer.sent).sort()).toEqual([0, 1]);
    expect(answers[1]!.list.progress).toEqual({ thanked: 1, total: 3 });
    const tom = answers[1]!.list.participants.find((participant) => participant.contributionId === ids.tom);
    expect(tom?.message).toBe('Dear Tom, thank you for your $35 gift!');
    expect(tom?.thankedAt).not.toBeNull();

    // And once more later: still one note, one e-mail.
    const again = (await (await thankOne(calendar.id, ids.tom, cookie, 'Another')).json()) as ThankYouSendResult;
    expect(again.sent).toBe(0);
    expect(await thankYouMails(calendar.id)).toHaveLength(1);

    await t.sendQueuedMail();
    const mail = t.mailCatcher.list(tom!.email).filter((message) => message.subject.startsWith('A thank-you note'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Dear Tom, thank you for your $35 gift!');
    expect(mail[0]!.html).toContain('Dear Tom, thank you for your $35 gift!');
  });

  it('thanks everyone not yet thanked, name by name, racing a single note without a second e-mail', async () => {
    const { calendar, cookie, ids } = await createAnnouncedCalendar();
    expect((await thankOne(calendar.id, ids.tom, cookie, 'Dear Tom, you are the best.')).status).toBe(200);
    const [everyone, single] = await Promise.all([
      thankEveryone(calendar.id, cookie),
      thankOne(calendar.id, ids.ana, cookie, 'Dear Ana, personally.'),
    ]);
    expect(everyone.status).toBe(200);
    expect(single.status).toBe(200);
    const sentByEveryone = ((await everyone.json()) as ThankYouSendResult).sent;
    const sentBySingle = ((await single.json()) as ThankYouSendResult).sent;
    expect(sentByEveryone + sentBySingle).toBe(2);

    const mails = await thankYouMails(calendar.id);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(3);
    const tomMail = mails.find((mail) => mail.to.startsWith('tom-'));
    expect(tomMail?.text).toContain('Dear Tom, you are the best.');
    const leeMail = mails.find((mail) => mail.to.startsWith('lee-'));
    expect(leeMail?.text).toContain('Dear Lee, thank you!');
    expect(leeMail?.text).not.toContain('{name}');

    const after = (await (await list(calendar.id, cookie)).json()) as ThankYouList;
    expect(after.progress).toEqual({ thanked: 3, total: 3 });
    // Nobody left: a second 'everyone' sends nothing.
    const none = (await (await thankEveryone(calendar.id, cookie)).json()) as ThankYouSendResult;
    expect(none.sent).toBe(0);
    expect(await thankYouMails(calendar.id)).toHaveLength(3);
  });

  it('thanks someone who guessed twice with one address by one e-mail', async () => {
    const { calendar, cookie } = await createAnnouncedCalendar();
    const email = `twice-${randomUUID()}@example.com`;
    const first = await addParticipant(calendar.id, { name: 'Grandma', email });
    const second = await addParticipant(calendar.id, { name: 'Grandma', email });
    const answer = (await (await thankEveryone(calendar.id, cookie)).json()) as ThankYouSendResult;
    expect(answer.sent).toBe(5);
    expect(answer.list.progress).toEqual({ thanked: 5, total: 5 });
    const twice = new Set<string>([first, second]);
    const thanked = answer.list.participants.filter((participant) => twice.has(participant.contributionId));
    expect(thanked).toHaveLength(2);
    expect(thanked.every((participant) => participant.thankedAt !== null)).toBe(true);
    const mails = await thankYouMails(calendar.id);
    expect(mails).toHaveLength(4);
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it("shows an address that bounced or unsubscribed, and puts the baby's photo and name in the note", async () => {
    const { calendar, cookie, ids } = await createAnnouncedCalendar();
    const imageId = randomUUID();
    await t.db.insert(images).values({ id: imageId, ownerId: calendar.ownerId, width: 10, height: 10 });
    await t.db
      .update(announcements)
      .set({ babyName: 'Rose', babyImageId: imageId })
      .where(eq(announcements.calendarId, calendar.id));
    const before = (await (await list(calendar.id, cookie)).json()) as ThankYouList;
    expect(before.babyName).toBe('Rose');
    const ana = before.participants.find((participant) => participant.contributionId === ids.ana)!;
    const lee = before.participants.find((participant) => participant.contributionId === ids.lee)!;
    // Ana's celebration e-mail failed for good; Lee unsubscribed.
    await t.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.to, ana.email));
    await t.db.insert(mailSuppressions).values({ email: lee.email });

    const after = (await (await list(calendar.id, cookie)).json()) as ThankYouList;
    const byId = new Map(after.participants.map((participant) => [participant.contributionId, participant]));
    expect(byId.get(ids.ana)).toMatchObject({ bounced: true, unsubscribed: false });
    expect(byId.get(ids.lee)).toMatchObject({ bounced: false, unsubscribed: true });
    expect(byId.get(ids.tom)).toMatchObject({ bounced: false, unsubscribed: false });

    await thankOne(calendar.id, ids.tom, cookie, 'Dear Tom, meet Rose.');
    const [mail] = await thankYouMails(calendar.id);
    expect(mail?.html).toContain(`src="http://firstday.test/images/${imageId}/640.jpg"`);
    expect(mail?.subject).toBe('A thank-you note from “Anna”');
    expect(mail?.html).toContain('and Rose');
  });
});
