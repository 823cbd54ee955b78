import { randomUUID } from 'node:crypto';
import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import type { ContributionResponse, OwnContribution, PublicCalendar } from '@firstday/common/contributions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  createContributionTestApp,
  findEditLink,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { sendJson } from '../../test/test-users.ts';
import { announcements } from '../announcements/schema.ts';
import { user } from '../auth/schema.ts';
import { images } from '../images/schema.ts';
import { contributions } from './schema.ts';

// Guessing for fun (time of birth, weight), the baby's details in the announcement, and the
// closest guesses shown after it.

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

async function getPublic(slug: string) {
  const response = await t.app.request(`/api/public/calendars/${slug}`);
  const text = await response.text();
  return { text, body: JSON.parse(text) as PublicCalendar };
}

async function contribute(slug: string, overrides: Parameters<typeof makeContribution>[1] = {}) {
  const body = await makeContribution(t, overrides);
  const response = await withAnyCaptcha(t, async () => postContribution(t, slug, body));
  return { body, response };
}

async function storedFor(contributionId: string) {
  const [row] = await t.db.select().from(contributions).where(eq(contributions.id, contributionId));
  return row!;
}

describe("the owner's switches", () => {
  it('are off by default, switched on through the calendar update, shown to guests, and frozen once announced', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const initial = (await (
      await sendJson(t, 'GET', `/api/calendars/${calendar.id}`, undefined, cookie)
    ).json()) as OwnerCalendar;
    expect(initial).toMatchObject({ guessTime: false, guessWeight: false });
    expect((await getPublic(calendar.slug)).body).toMatchObject({ guessTime: false, guessWeight: false });

    const patched = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { guessTime: true, guessWeight: true },
      cookie,
    );
    expect(patched.status).toBe(200);
    expect((await patched.json()) as OwnerCalendar).toMatchObject({ guessTime: true, guessWeight: true });
    expect((await getPublic(calendar.slug)).body).toMatchObject({ guessTime: true, guessWeight: true });

    const wrong = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { guessTime: 'yes' }, cookie);
    expect(wrong.status).toBe(400);
    expect((await readError(wrong)).fields?.guessTime).toBeTruthy();

    const announced = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: TODAY, thankYouMessage: 'Thanks!' },
      cookie,
    );
    expect(announced.status).toBe(200);
    const late = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { guessWeight: false }, cookie);
    expect(late.status).toBe(409);
    expect((await readError(late)).code).toBe('calendar_closed');
  });
});

describe("a guest's fun guesses", () => {
  it('are refused with a field message by a calendar that does not ask for them', async () => {
    const { calendar } = await createActiveCalendar(t);
    const { response } = await contribute(calendar.slug, {
      guessedTimeMinutes: 600,
      guessedWeight: { unit: 'g', grams: 3400 },
    });
    expect(response.status).toBe(400);
    const error = await readError(response);
    expect(error.fields).toEqual({
      guessedTimeMinutes: 'This calendar does not ask for the time of birth.',
      guessedWeight: 'This calendar does not ask for the weight.',
    });
    expect(await t.db.select().from(contributions).where(eq(contributions.calendarId, calendar.id))).toHaveLength(0);

    // Only the time asked: the weight alone is refused, and a guess without either is fine.
    const { calendar: timeOnly } = await createActiveCalendar(t, { guessTime: true });
    const weight = await contribute(timeOnly.slug, { guessedWeight: { unit: 'g', grams: 3400 } });
    expect(weight.response.status).toBe(400);
    expect(Object.keys((await readError(weight.response)).fields ?? {})).toEqual(['guessedWeight']);
    const plain = await contribute(timeOnly.slug, { guessedTimeMinutes: null, guessedWeight: null });
    expect(plain.response.status).toBe(201);
  });

  it('are checked for range, with messages in the unit the guest used', async () => {
    const { calendar } = await createActiveCalendar(t, { guessTime: true, guessWeight: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ guessedTimeMinutes: 1440 }, 'guessedTimeMinutes', 'Please enter a time between 12:00 AM and 11:59 PM.'],
      [{ guessedTimeMinutes: -5 }, 'guessedTimeMinutes', 'Please enter a time between 12:00 AM and 11:59 PM.'],
      [{ guessedTimeMinutes: 12.5 }, 'guessedTimeMinutes', 'Please enter the time in whole minutes.'],
      [
        { guessedWeight: { unit: 'g', grams: 299 } },
        'guessedWeight',
        'Please enter a weight between 300 and 7,000 grams.',
      ],
      [
        { guessedWeight: { unit: 'g', grams: 7001 } },
        'guessedWeight',
        'Please enter a weight between 300 and 7,000 grams.',
      ],
      [
        { guessedWeight: { unit: 'lb', pounds: 16, ounces: 0 } },
        'guessedWeight',
        'Please enter a weight between 0 lb 11 oz and 15 lb 6 oz.',
      ],
      [
        { guessedWeight: { unit: 'lb', pounds: 7, ounces: 16 } },
        'guessedWeight.ounces',
        'Please enter 0 to 15 ounces.',
      ],
      [{ guessedWeight: { unit: 'kg', grams: 3 } }, 'guessedWeight.unit', 'Please choose grams or pounds and ounces.'],
    ];
    for (const [fields, field, message] of cases) {
      const body = { ...(await makeContribution(t)), ...fields };
      const response = await withAnyCaptcha(t, async () => postContribution(t, calendar.slug, body));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await readError(response)).fields?.[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await t.db.select().from(contributions).where(eq(contributions.calendarId, calendar.id))).toHaveLength(0);
  });

  it('are stored in minutes and grams, pounds and ounces converted, also with a gift', async () => {
    const { calendar } = await createActiveCalendar(t, { guessTime: true, guessWeight: true });
    const inGrams = await contribute(calendar.slug, {
      guessedTimeMinutes: 945,
      guessedWeight: { unit: 'g', grams: 3450 },
    });
    expect(inGrams.response.status).toBe(201);
    const first = (await inGrams.response.json()) as ContributionResponse;
    expect(await storedFor(first.contributionId)).toMatchObject({ guessedTimeMinutes: 945, guessedWeightGrams: 3450 });

    const inPounds = await contribute(calendar.slug, {
      guessedTimeMinutes: 0,
      guessedWeight: { unit: 'lb', pounds: 7, ounces: 10 },
      giftAmount: 2500,
      payment: { type: 'card', card: GOOD_CARD },
    });
    expect(inPounds.response.status).toBe(201);
    await webhooks.deliverAll();
    const second = (await inPounds.response.json()) as ContributionResponse;
    expect(await storedFor(second.contributionId)).toMatchObject({
      guessedTimeMinutes: 0,
      guessedWeightGrams: 3459,
      status: 'confirmed',
    });
    // Nothing of a guess's time or weight shows before the announcement.
    // (Checked field by field: a random id can hold the digits 3450.)
    const view = await getPublic(calendar.slug);
    const shown = JSON.parse(view.text) as { guesses: object[]; wishes: { items: object[] } };
    for (const entry of [...shown.guesses, ...shown.wishes.items]) {
      expect(Object.values(entry)).not.toContain(3459);
      expect(Object.values(entry)).not.toContain(3450);
      expect(Object.keys(entry).join()).not.toMatch(/time|weight/i);
    }
    expect(shown.wishes.items).toHaveLength(2);
  });

  it('can be changed and cleared through the private edit link, only as the calendar asks', async () => {
    const { calendar, cookie } = await createActiveCalendar(t, { guessTime: true, guessWeight: true });
    const { body, response } = await contribute(calendar.slug, { guessedTimeMinutes: 600 });
    expect(response.status).toBe(201);
    const link = (await findEditLink(t, body.email))!;
    const path = `/api/public/contributions/${link.id}?token=${link.token}`;

    const shown = (await (await t.app.request(path)).json()) as OwnContribution;
    expect(shown).toMatchObject({
      guessedTimeMinutes: 600,
      guessedWeightGrams: null,
      calendar: { guessTime: true, guessWeight: true },
    });

    const changed = await sendJson(t, 'PATCH', path, { guessedWeight: { unit: 'lb', pounds: 8, ounces: 0 } });
    expect(changed.status).toBe(200);
    expect((await changed.json()) as OwnContribution).toMatchObject({
      guessedTimeMinutes: 600,
      guessedWeightGrams: 3629,
    });

    const outOfRange = await sendJson(t, 'PATCH', path, { guessedTimeMinutes: 2000 });
    expect(outOfRange.status).toBe(400);
    expect((await readError(outOfRange)).fields?.guessedTimeMinutes).toBeTruthy();

    const cleared = await sendJson(t, 'PATCH', path, { guessedTimeMinutes: null });
    expect((await cleared.json()) as OwnContribution).toMatchObject({
      guessedTimeMinutes: null,
      guessedWeightGrams: 3629,
    });

    // The owner switches the time off: a new time is refused, the weight still taken.
    const off = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { guessTime: false }, cookie);
    expect(off.status).toBe(200);
    const refused = await sendJson(t, 'PATCH', path, { guessedTimeMinutes: 700 });
    expect(refused.status).toBe(400);
    expect((await readError(refused)).fields).toEqual({
      guessedTimeMinutes: 'This calendar does not ask for the time of birth.',
    });
  });
});

describe("the baby's details in the announcement", () => {
  it('are stored, shown in the closing, on the public page and in the celebration e-mail', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const { body } = await contribute(calendar.slug);
    const [image] = await t.db
      .insert(images)
      .values({ id: randomUUID(), ownerId: calendar.ownerId, width: 800, height: 600 })
      .returning();
    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      {
        birthDate: TODAY,
        thankYouMessage: 'Thank you all!',
        babyName: '  Mia Rose  ',
        birthTimeMinutes: 945,
        birthWeight: { unit: 'lb', pounds: 7, ounces: 10 },
        babyImageId: image!.id.toUpperCase(),
      },
      cookie,
    );
    expect(response.status).toBe(200);
    const { closing } = (await response.json()) as { closing: CalendarClosing };
    expect(closing).toMatchObject({
      babyName: 'Mia Rose',
      birthTimeMinutes: 945,
      birthWeightGrams: 3459,
      babyImageId: image!.id,
    });
    const [row] = await t.db.select().from(announcements).where(eq(announcements.calendarId, calendar.id));
    expect(row).toMatchObject({ babyName: 'Mia Rose', birthTimeMinutes: 945, birthWeightGrams: 3459 });

    const view = (await getPublic(calendar.slug)).body;
    expect(view.announcement).toMatchObject({
      babyName: 'Mia Rose',
      babyImageId: image!.id,
      birthTimeMinutes: 945,
      birthWeightGrams: 3459,
      // The calendar did not ask: nothing to compare.
      closestTimeGuesses: null,
      closestWeightGuesses: null,
    });

    await t.context.jobs.idle();
    await t.sendQueuedMail();
    const mail = t.mailCatcher.list(body.email.toLowerCase()).find((m) => m.subject.startsWith('The baby is here'));
    expect(mail?.text).toContain('Welcome, Mia Rose! Born at 3:45 PM, weighing 3,459 g (7 lb 10 oz).');
    expect(mail?.html).toContain('Welcome, Mia Rose! Born at 3:45 PM, weighing 3,459 g (7 lb 10 oz).');
  });

  it('are optional: an empty name is no name', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: TODAY, thankYouMessage: 'Thanks!', babyName: '   ', birthTimeMinutes: null, birthWeight: null },
      cookie,
    );
    expect(response.status).toBe(200);
    const view = (await getPublic(calendar.slug)).body;
    expect(view.announcement).toMatchObject({
      babyName: null,
      babyImageId: null,
      birthTimeMinutes: null,
      birthWeightGrams: null,
    });
  });

  it("are refused with field messages: out of range, and a photo that is not the owner's", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const strangerId = `stranger-${randomUUID()}`;
    await t.db.insert(user).values({ id: strangerId, name: 'Stranger', email: `${strangerId}@example.com` });
    const [foreign] = await t.db
      .insert(images)
      .values({ id: randomUUID(), ownerId: strangerId, width: 10, height: 10 })
      .returning();
    const base = { birthDate: TODAY, thankYouMessage: 'Thanks!' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ babyImageId: foreign!.id }, 'babyImageId', 'This photo could not be found. Please upload it again.'],
      [{ babyImageId: randomUUID() }, 'babyImageId', 'This photo could not be found. Please upload it again.'],
      [{ babyImageId: 'not-a-uuid' }, 'babyImageId', 'Please choose the photo again.'],
      [{ birthTimeMinutes: 1440 }, 'birthTimeMinutes', 'Please enter a time of birth between 12:00 AM and 11:59 PM.'],
      [{ birthWeight: { unit: 'g', grams: 50 } }, 'birthWeight', 'Please enter a weight between 100 and 9,000 grams.'],
      [{ babyName: 'x'.repeat(81) }, 'babyName', 'A name can be at most 80 characters.'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await sendJson(
        t,
        'POST',
        `/api/calendars/${calendar.id}/announce`,
        { ...base, ...fields },
        cookie,
      );
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await readError(response)).fields?.[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await t.db.select().from(announcements).where(eq(announcements.calendarId, calendar.id))).toHaveLength(0);
  });
});

describe('the closest guesses after the announcement', () => {
  it('shows, just for fun, the nearest time (around midnight) and weight with names per the hide flag and no amounts', async () => {
    const { calendar, cookie } = await createActiveCalendar(t, {
      guessTime: true,
      guessWeight: true,
      hideSenderNames: true,
    });
    const guesses: [
      string,
      number | null,
      { unit: 'g'; grams: number } | { unit: 'lb'; pounds: number; ounces: number } | null,
      number?,
    ][] = [
      ['Ann Lee', 23 * 60 + 50, { unit: 'g', grams: 3000 }],
      ['Bob Stone', 60, { unit: 'lb', pounds: 7, ounces: 10 }, 4321],
      ['Cy Young', 22 * 60, { unit: 'g', grams: 3600 }],
      ['Di Moss', null, { unit: 'g', grams: 3300 }],
      ['Ed Fox', 40, null],
    ];
    for (const [name, minutes, weight, giftAmount] of guesses) {
      const { response } = await contribute(calendar.slug, {
        name,
        guessedTimeMinutes: minutes,
        guessedWeight: weight,
        ...(giftAmount ? { giftAmount: giftAmount, payment: { type: 'card' as const, card: GOOD_CARD } } : {}),
      });
      expect(response.status).toBe(201);
    }
    await webhooks.deliverAll();

    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      // Born at 00:10, 3,400 g: 23:50 is 20 minutes off, 00:40 is 30, 01:00 is 50.
      { birthDate: TODAY, thankYouMessage: 'Thanks!', birthTimeMinutes: 10, birthWeight: { unit: 'g', grams: 3400 } },
      cookie,
    );
    expect(response.status).toBe(200);
    const { body, text } = await getPublic(calendar.slug);
    expect(body.announcement?.closestTimeGuesses).toEqual([{ name: 'A. L.', minutes: 1430, minutesOff: 20 }]);
    // 3,300 g and 3,459 g (7 lb 10 oz): 100 and 59 grams off.
    expect(body.announcement?.closestWeightGuesses).toEqual([{ name: 'B. S.', grams: 3459, gramsOff: 59 }]);
    // The gift's amount as a value anywhere in the answer (not a run of digits inside a random id).
    expect(text).not.toMatch(/(?<![\w-])(4321|43\.21)(?![\w-])/);
    expect(text).not.toContain('Bob');
  });

  it('shows every tied guess, at most three', async () => {
    const { calendar, cookie } = await createActiveCalendar(t, { guessWeight: true });
    for (const [name, grams] of [
      ['Ann', 3300],
      ['Bob', 3500],
      ['Cy', 3300],
      ['Di', 3500],
      ['Ed', 3000],
    ] as const) {
      expect((await contribute(calendar.slug, { name, guessedWeight: { unit: 'g', grams } })).response.status).toBe(
        201,
      );
    }
    await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: TODAY, thankYouMessage: 'Thanks!', birthTimeMinutes: 100, birthWeight: { unit: 'g', grams: 3400 } },
      cookie,
    );
    const { body } = await getPublic(calendar.slug);
    expect(body.announcement?.closestWeightGuesses?.map((guess) => guess.name)).toEqual(['Ann', 'Bob', 'Cy']);
    // The time was given but not asked for.
    expect(body.announcement?.closestTimeGuesses).toBeNull();
  });
});
