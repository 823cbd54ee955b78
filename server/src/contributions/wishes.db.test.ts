import type { OwnerWish } from '@firstday/common/contributions';
import { WISHES_PAGE_SIZE } from '@firstday/common/contributions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  createContributionTestApp,
  DECLINED_CARD,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { createTestCalendar } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { sendWishDigests } from './wish-digest.ts';

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

function get(path: string, cookie: string) {
  return t.app.request(path, { headers: { cookie } });
}

type WishesPage = { items: OwnerWish[]; nextCursor: string | null; unread: number };

describe("the creator's wishes", () => {
  it('lists confirmed wishes of the own calendars newest first, with read state, unread count and paging', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const { calendar: second } = await createActiveCalendar(t);
    const { calendar: foreign } = await createTestCalendar(t);
    await withAnyCaptcha(t, async () => {
      for (let index = 0; index < WISHES_PAGE_SIZE + 2; index++) {
        await postContribution(
          t,
          calendar.slug,
          await makeContribution(t, { captchaValue: 'any', wish: `Wish ${index}` }),
        );
      }
      await postContribution(
        t,
        second.slug,
        await makeContribution(t, {
          captchaValue: 'any',
          name: 'Ada Lovelace',
          wish: 'On the second calendar',
          giftAmount: 4200,
          payment: { type: 'card', card: GOOD_CARD },
        }),
      );
      // Declined: never in the creator's list either.
      await postContribution(
        t,
        second.slug,
        await makeContribution(t, {
          captchaValue: 'any',
          wish: 'Declined one',
          giftAmount: 4200,
          payment: { type: 'card', card: { ...GOOD_CARD, number: '4000000000000002' } },
        }),
      );
    });
    // Not yet confirmed: not listed.
    let page = (await (await get('/api/wishes', cookie)).json()) as WishesPage;
    expect(page.items.some((wish) => wish.wish === 'On the second calendar')).toBe(false);
    await webhooks.deliverAll();

    page = (await (await get('/api/wishes', cookie)).json()) as WishesPage;
    expect(page.unread).toBe(WISHES_PAGE_SIZE + 3);
    expect(page.items).toHaveLength(WISHES_PAGE_SIZE);
    expect(page.items[0]).toMatchObject({
      calendarId: second.id,
      calendarTitle: 'Baby Rose',
      name: 'Ada Lovelace',
      initials: 'AL',
      wish: 'On the second calendar',
      giftAmount: 4200,
      predictedDate: '2030-01-10',
      read: false,
      email: expect.stringMatching(/^grace-.*@example\.com$/),
    });
    expect(page.items.some((wish) => wish.wish === 'Declined one')).toBe(false);
    const rest = (await (await get(`/api/wishes?cursor=${page.nextCursor}`, cookie)).json()) as WishesPage;
    expect(rest.items.map((wish) => wish.wish)).toEqual(['Wish 2', 'Wish 1', 'Wish 0']);
    expect(rest.nextCursor).toBeNull();

    const filtered = (await (await get(`/api/wishes?calendarId=${second.id}`, cookie)).json()) as WishesPage;
    expect(filtered).toMatchObject({ unread: 1, nextCursor: null });
    expect(filtered.items).toHaveLength(1);

    const read = await sendJson(t, 'POST', `/api/wishes/${filtered.items[0]!.id}/read`, {}, cookie);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ read: true });
    expect(await (await get('/api/wishes/unread-count', cookie)).json()).toEqual({ unread: WISHES_PAGE_SIZE + 2 });
    const after = (await (await get(`/api/wishes?calendarId=${second.id}`, cookie)).json()) as WishesPage;
    expect(after.items[0]!.read).toBe(true);
    expect(after.unread).toBe(0);

    const calendarsList = (await (await get('/api/calendars', cookie)).json()) as {
      calendars: { id: string; participants: number; raisedAmount: number }[];
    };
    expect(calendarsList.calendars.find((row) => row.id === second.id)).toMatchObject({
      participants: 1,
      raisedAmount: 4200,
    });
    expect(await (await get(`/api/calendars/${calendar.id}`, cookie)).json()).toMatchObject({
      participants: WISHES_PAGE_SIZE + 2,
      raisedAmount: 0,
    });

    expect((await get(`/api/wishes?calendarId=${foreign.id}`, cookie)).status).toBe(404);
  });

  it('is for the owner only', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const other = await createTestCalendar(t);
    const body = await makeContribution(t);
    await postContribution(t, calendar.slug, body);
    const [wish] = ((await (await get(`/api/wishes?calendarId=${calendar.id}`, cookie)).json()) as WishesPage).items;

    const stranger = await sendJson(t, 'POST', `/api/wishes/${wish!.id}/read`, {}, other.cookie);
    expect(stranger.status).toBe(404);
    expect((await get('/api/wishes', other.cookie)).status).toBe(200);
    expect(((await (await get('/api/wishes', other.cookie)).json()) as WishesPage).items).toEqual([]);
    expect((await get('/api/wishes/export.csv', other.cookie)).status).toBe(200);
    expect(await (await get('/api/wishes/export.csv', other.cookie)).text()).not.toContain(body.wish);
    expect((await sendJson(t, 'POST', '/api/wishes/not-a-uuid/read', {}, other.cookie)).status).toBe(404);
    const signedOut = await t.app.request('/api/wishes');
    expect(signedOut.status).toBe(401);
    expect((await readError(signedOut)).code).toBe('unauthorized');
    expect((await t.app.request('/api/wishes/export.csv')).status).toBe(401);
  });
});

describe('filter and mark all as read', () => {
  it('shows the unread wishes or those with a gift; marks all read, of one own calendar or all, idempotently', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const { calendar: second } = await createActiveCalendar(t);
    // Another parent, with an active calendar of their own.
    const other = await createTestCalendar(t);
    await t.db.update(calendars).set({ status: 'active' }).where(eq(calendars.id, other.calendar.id));
    await withAnyCaptcha(t, async () => {
      await postContribution(t, calendar.slug, await makeContribution(t, { captchaValue: 'any', wish: 'Plain wish' }));
      await postContribution(
        t,
        calendar.slug,
        await makeContribution(t, {
          captchaValue: 'any',
          wish: 'Wish with a gift',
          giftAmount: 2500,
          payment: { type: 'card', card: GOOD_CARD },
        }),
      );
      await postContribution(
        t,
        second.slug,
        await makeContribution(t, { captchaValue: 'any', wish: 'Second calendar' }),
      );
      await postContribution(
        t,
        other.calendar.slug,
        await makeContribution(t, { captchaValue: 'any', wish: 'Not mine' }),
      );
    });
    await webhooks.deliverAll();
    const wishesOf = async (query: string, as = cookie) =>
      ((await (await get(`/api/wishes${query}`, as)).json()) as WishesPage).items.map((wish) => wish.wish);

    expect(await wishesOf(`?calendarId=${calendar.id}&show=gift`)).toEqual(['Wish with a gift']);
    expect(await wishesOf(`?calendarId=${calendar.id}&show=unread`)).toEqual(['Wish with a gift', 'Plain wish']);
    expect(await wishesOf(`?calendarId=${calendar.id}&show=all`)).toHaveLength(2);
    expect((await get('/api/wishes?show=everything', cookie)).status).toBe(400);

    // One calendar of the owner's; someone else's is refused and its wishes stay unread.
    const one = await sendJson(t, 'POST', `/api/wishes/read-all?calendarId=${calendar.id}`, {}, cookie);
    expect(await one.json()).toEqual({ marked: 2 });
    expect(await wishesOf(`?calendarId=${calendar.id}&show=unread`)).toEqual([]);
    expect(await wishesOf(`?calendarId=${second.id}&show=unread`)).toEqual(['Second calendar']);
    const foreign = await sendJson(t, 'POST', `/api/wishes/read-all?calendarId=${other.calendar.id}`, {}, cookie);
    expect(foreign.status).toBe(404);
    expect(await wishesOf('?show=unread', other.cookie)).toEqual(['Not mine']);

    // All the owner's calendars (the other tests' wishes of this owner too).
    const all = await sendJson(t, 'POST', '/api/wishes/read-all', {}, cookie);
    expect(((await all.json()) as { marked: number }).marked).toBeGreaterThanOrEqual(1);
    const again = await sendJson(t, 'POST', '/api/wishes/read-all', {}, cookie);
    expect(await again.json()).toEqual({ marked: 0 });
    expect(await (await get('/api/wishes/unread-count', cookie)).json()).toEqual({ unread: 0 });
    expect(await wishesOf('?show=unread')).toEqual([]);
    expect(await wishesOf('?show=unread', other.cookie)).toEqual(['Not mine']);
    expect((await t.app.request('/api/wishes/read-all', { method: 'POST' })).status).toBe(401);
  });
});

describe('CSV export', () => {
  it('exports every wish and guess, quoted, with formulas neutralised', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await postContribution(
      t,
      calendar.slug,
      await makeContribution(t, { name: '=HYPERLINK("http://evil")', wish: 'Line one\nsaid "hi", then, +1' }),
    );
    await postContribution(t, calendar.slug, await makeContribution(t, { name: '@Bob', wish: '-2 wishes' }));
    const response = await get(`/api/wishes/export.csv?calendarId=${calendar.id}`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const csv = (await response.text()).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '"Calendar","Name","E-mail","Guessed date","Guessed time","Guessed weight (g)","Wish","Gift","Currency","Gift status","Sent at (UTC)","Read","On the page"',
    );
    expect(csv).toContain('"\'@Bob"');
    expect(csv).toContain('"\'-2 wishes"');
    expect(csv).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(csv).toContain('"Line one\nsaid ""hi"", then, +1"');
    expect(csv).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it("gives each gift's status: given or refunded (a close with refunds, a late gift); never a declined one", async () => {
    const gift = (name: string, giftAmount: number, card = GOOD_CARD) =>
      makeContribution(t, { captchaValue: 'any', name, giftAmount, payment: { type: 'card', card } });
    const send = (slug: string, body: unknown) => withAnyCaptcha(t, async () => postContribution(t, slug, body));

    const { calendar: kept, cookie } = await createActiveCalendar(t);
    await send(kept.slug, await gift('Gina Given', 2500));
    await send(kept.slug, await gift('Dora Declined', 1000, DECLINED_CARD));
    await send(kept.slug, await makeContribution(t, { name: 'Walt Wishonly' }));
    await webhooks.deliverAll();
    // Charged while the parents announce: it lands after the end and goes back to its sender.
    await send(kept.slug, await gift('Lara Late', 3000));
    const announced = await sendJson(
      t,
      'POST',
      `/api/calendars/${kept.id}/announce`,
      { birthDate: new Date().toISOString().slice(0, 10), thankYouMessage: 'Thank you!' },
      cookie,
    );
    expect(announced.status).toBe(200);
    await webhooks.deliverAll();
    await t.context.jobs.idle();

    const { calendar: refunded, cookie: refundedCookie } = await createActiveCalendar(t);
    await send(refunded.slug, await gift('Rita Refunded', 1200));
    await webhooks.deliverAll();
    const closed = await sendJson(
      t,
      'POST',
      `/api/calendars/${refunded.id}/close`,
      { gifts: 'refund', notifyParticipants: false },
      refundedCookie,
    );
    expect(closed.status).toBe(200);
    await t.context.jobs.idle();

    const statusOf = async (calendarCookie: string, calendarId: string) => {
      const csv = await (await get(`/api/wishes/export.csv?calendarId=${calendarId}`, calendarCookie)).text();
      // Every cell is quoted and these hold no quote: split on the separators between quotes.
      const [header, ...rows] = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .map((line) => line.slice(1, -1).split('","'));
      const cell = (row: string[], name: string) => row[header!.indexOf(name)];
      return Object.fromEntries(rows.map((row) => [cell(row, 'Name'), [cell(row, 'Gift'), cell(row, 'Gift status')]]));
    };
    expect(await statusOf(cookie, kept.id)).toEqual({
      'Gina Given': ['25.00', 'given'],
      'Lara Late': ['30.00', 'refunded'],
      'Walt Wishonly': ['', ''],
    });
    expect(await statusOf(refundedCookie, refunded.id)).toEqual({ 'Rita Refunded': ['12.00', 'refunded'] });
  });

  it('has the time and weight guesses of a calendar that asks for them, in machine formats', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const switched = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { guessTime: true, guessWeight: true },
      cookie,
    );
    expect(switched.status).toBe(200);
    const guess = await makeContribution(t, {
      name: 'Tess Time',
      guessedTimeMinutes: 9 * 60 + 5,
      guessedWeight: { unit: 'g', grams: 3450 },
    });
    expect((await postContribution(t, calendar.slug, guess)).status).toBe(201);
    await postContribution(t, calendar.slug, await makeContribution(t, { name: 'Dan Dateonly' }));

    const csv = await (await get(`/api/wishes/export.csv?calendarId=${calendar.id}`, cookie)).text();
    const line = (name: string) => csv.split('\r\n').find((row) => row.includes(`"${name}"`));
    expect(line('Tess Time')).toMatch(/"2030-01-10","09:05","3450",/);
    expect(line('Dan Dateonly')).toMatch(/"2030-01-10","","",/);
  });
});

describe('digest e-mail', () => {
  it('sends the creator at most one digest an hour per calendar, listing the new wishes', async () => {
    const { calendar, email } = await createActiveCalendar(t);
    const started = new Date();
    await sendWishDigests(t.context, started);

    await postContribution(t, calendar.slug, await makeContribution(t, { name: 'Ann Digest', wish: 'First <wish>' }));
    expect((await sendWishDigests(t.context, new Date(started.getTime() + 1000))).sent).toBeGreaterThanOrEqual(1);
    await postContribution(t, calendar.slug, await makeContribution(t, { name: 'Ben Digest', wish: 'Second wish' }));
    expect((await sendWishDigests(t.context, new Date(started.getTime() + 30 * 60_000))).sent).toBe(0);
    expect((await sendWishDigests(t.context, new Date(started.getTime() + 62 * 60_000))).sent).toBe(1);
    expect((await sendWishDigests(t.context, new Date(started.getTime() + 200 * 60_000))).sent).toBe(0);

    await t.sendQueuedMail();
    const forCalendar = t.mailCatcher
      .list(email)
      .filter((mail) => mail.subject.includes('new wish') && mail.text.includes('Digest'))
      .sort((a, b) => Number(a.text.includes('Ben')) - Number(b.text.includes('Ben')));
    expect(forCalendar).toHaveLength(2);
    expect(forCalendar[0]!.text).toContain('Ann Digest guessed January 10, 2030: “First <wish>”');
    expect(forCalendar[0]!.html).toContain('First &#60;wish&#62;');
    expect(forCalendar[1]!.text).toContain('Ben Digest');
    expect(forCalendar[1]!.text).not.toContain('Ann Digest');
  });
});
