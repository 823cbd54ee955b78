import type { OwnerWish, PublicCalendar, WishPageView } from '@firstday/common/contributions';
import type { KeepsakeBook } from '@firstday/common/keepsake';
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
import { createTestCalendar } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { ledgerEntries } from '../payments/schema.ts';
import { contributions } from './schema.ts';

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

type WishesPage = { items: OwnerWish[]; nextCursor: string | null; unread: number };

function get(path: string, cookie = '') {
  return t.app.request(path, { headers: cookie ? { cookie } : {} });
}

async function getPublic(slug: string): Promise<PublicCalendar> {
  const response = await get(`/api/public/calendars/${slug}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PublicCalendar;
}

async function listInbox(calendarId: string, cookie: string): Promise<WishesPage> {
  return (await (await get(`/api/wishes?calendarId=${calendarId}`, cookie)).json()) as WishesPage;
}

async function exportCsv(calendarId: string, cookie: string): Promise<Record<string, string>[]> {
  const csv = (await (await get(`/api/wishes/export.csv?calendarId=${calendarId}`, cookie)).text()).replace(
    /^\uFEFF/,
    '',
  );
  // The cells here hold no line breaks or quotes: a plain split reads them.
  const [header, ...lines] = csv
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));
  return lines.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])));
}

async function contribute(
  slug: string,
  overrides: { name: string; wish: string; giftAmount?: number; guessedDate?: string },
) {
  const { giftAmount, ...rest } = overrides;
  const body = await makeContribution(t, {
    captchaValue: 'any',
    ...rest,
    ...(giftAmount ? { giftAmount, payment: { type: 'card', card: GOOD_CARD } } : {}),
  });
  const response = await withAnyCaptcha(t, async () => postContribution(t, slug, body));
  expect(response.status).toBe(201);
  const { contributionId } = (await response.json()) as { contributionId: string };
  await webhooks.deliverAll();
  return { id: contributionId, email: body.email };
}

function moderate(action: 'hide' | 'show' | 'remove', wishId: string, cookie: string) {
  return action === 'remove'
    ? sendJson(t, 'DELETE', `/api/wishes/${wishId}`, undefined, cookie)
    : sendJson(t, 'POST', `/api/wishes/${wishId}/${action}`, {}, cookie);
}

/** The birth, announced today; its e-mails queued. */
async function announce(calendarId: string, cookie: string) {
  const announced = await sendJson(
    t,
    'POST',
    `/api/calendars/${calendarId}/announce`,
    { birthDate: TODAY, thankYouMessage: 'Thank you!' },
    cookie,
  );
  expect(announced.status).toBe(200);
  await t.context.jobs.idle();
}

/** A calendar with a rude wish, a kind one and a kind one with a gift. */
async function createCalendarWithWishes() {
  const { calendar, cookie } = await createActiveCalendar(t, { hideTotal: false });
  const rude = await contribute(calendar.slug, {
    name: 'Rude Prankster',
    wish: 'Something rude',
    guessedDate: '2030-01-14',
  });
  const kind = await contribute(calendar.slug, {
    name: 'Kind Friend',
    wish: 'All the best',
    guessedDate: '2030-01-12',
  });
  const giver = await contribute(calendar.slug, {
    name: 'Generous Aunt',
    wish: 'Nasty words with money',
    giftAmount: 2500,
    guessedDate: '2030-01-15',
  });
  return { calendar, cookie, rude, kind, giver };
}

describe('hiding a wish', () => {
  it('takes it off the public page and its count, keeps it in the inbox and the export marked hidden; show restores it', async () => {
    const { calendar, cookie, rude } = await createCalendarWithWishes();
    const before = await getPublic(calendar.slug);
    expect(before.participants).toBe(3);
    expect(before.wishes.items.map((wish) => wish.wish)).toContain('Something rude');

    const hidden = await moderate('hide', rude.id, cookie);
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ hidden: true });
    // Twice is fine.
    expect((await moderate('hide', rude.id, cookie)).status).toBe(200);

    const page = await getPublic(calendar.slug);
    expect(JSON.stringify(page)).not.toContain('Something rude');
    expect(JSON.stringify(page)).not.toContain('Rude');
    expect(page.wishes.items).toHaveLength(2);
    expect(page.participants).toBe(2);
    expect(page.guesses.map((guess) => guess.date)).not.toContain('2030-01-14');
    // The gifts are the parents' either way: the total does not change.
    expect(page.totalRaisedAmount).toBe(2500);

    const inbox = await listInbox(calendar.id, cookie);
    expect(inbox.items).toHaveLength(3);
    expect(inbox.items.find((wish) => wish.id === rude.id)).toMatchObject({ wish: 'Something rude', hidden: true });
    expect(inbox.items.filter((wish) => wish.hidden)).toHaveLength(1);

    const rows = await exportCsv(calendar.id, cookie);
    expect(rows.find((row) => row.Name === 'Rude Prankster')).toMatchObject({
      Wish: 'Something rude',
      'On the page': 'hidden',
    });
    expect(rows.find((row) => row.Name === 'Kind Friend')).toMatchObject({ 'On the page': 'shown' });

    const shown = await moderate('show', rude.id, cookie);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ hidden: false });
    const restored = await getPublic(calendar.slug);
    expect(restored.wishes.items.map((wish) => wish.wish)).toContain('Something rude');
    expect(restored.participants).toBe(3);
    expect((await listInbox(calendar.id, cookie)).items.find((wish) => wish.id === rude.id)?.hidden).toBe(false);
  });

  it('keeps it out of the closest guesses and out of both keepsakes', async () => {
    const { calendar, cookie, rude } = await createCalendarWithWishes();
    expect((await moderate('hide', rude.id, cookie)).status).toBe(200);
    await announce(calendar.id, cookie);

    const page = await getPublic(calendar.slug);
    expect(JSON.stringify(page.announcement)).not.toMatch(/Rude/);
    expect(page.announcement?.closestGuesses.length).toBeGreaterThan(0);

    const publicBook = (await (await get(`/api/public/calendars/${calendar.slug}/keepsake`)).json()) as KeepsakeBook;
    expect(publicBook.wishes.map((wish) => wish.wish)).toEqual(['All the best', 'Nasty words with money']);
    const ownerBook = (await (await get(`/api/calendars/${calendar.id}/keepsake`, cookie)).json()) as KeepsakeBook;
    expect(ownerBook.wishes.map((wish) => wish.wish)).not.toContain('Something rude');
    expect(ownerBook.wishes).toHaveLength(2);
  });

  it('does not tell the guest: their own edit link still shows the wish as they wrote it, and they may edit it (it stays hidden)', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const guest = await contribute(calendar.slug, { name: 'Quiet Guest', wish: 'My own words' });
    const link = await findEditLink(t, guest.email);
    expect(link).toBeDefined();
    expect((await moderate('hide', guest.id, cookie)).status).toBe(200);

    const own = await get(`/api/public/contributions/${link!.id}?token=${link!.token}`);
    expect(own.status).toBe(200);
    const body = (await own.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ wish: 'My own words', status: 'confirmed' });
    expect(JSON.stringify(body)).not.toMatch(/hidden/i);

    const edited = await sendJson(t, 'PATCH', `/api/public/contributions/${link!.id}?token=${link!.token}`, {
      wish: 'My better words',
    });
    expect(edited.status).toBe(200);
    expect(JSON.stringify((await getPublic(calendar.slug)).wishes)).not.toContain('My better words');
    expect((await listInbox(calendar.id, cookie)).items[0]).toMatchObject({ wish: 'My better words', hidden: true });
  });
});

describe('removing a wish', () => {
  it('erases its words and guess everywhere, and keeps its gift in the totals and the ledger', async () => {
    const { calendar, cookie, giver, kind } = await createCalendarWithWishes();
    const ledgerBefore = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, calendar.id));
    const statsBefore = (await (await get(`/api/calendars/${calendar.id}`, cookie)).json()) as {
      raisedAmount: number;
    };
    expect(statsBefore.raisedAmount).toBe(2500);

    const removed = await moderate('remove', giver.id, cookie);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: true });
    // For good: nothing left to hide, show or remove.
    expect((await moderate('remove', giver.id, cookie)).status).toBe(404);
    expect((await moderate('show', giver.id, cookie)).status).toBe(404);

    const [row] = await t.db.select().from(contributions).where(eq(contributions.id, giver.id));
    expect(row).toMatchObject({
      status: 'confirmed',
      wish: '',
      giftAmount: 2500,
      guessedTimeMinutes: null,
      guessedWeightGrams: null,
      removedAt: expect.any(Date),
    });

    const page = await getPublic(calendar.slug);
    expect(JSON.stringify(page)).not.toContain('Nasty words');
    expect(page.wishes.items).toHaveLength(2);
    expect(page.participants).toBe(2);
    expect(page.guesses.map((guess) => guess.date)).not.toContain('2030-01-15');
    expect(page.totalRaisedAmount).toBe(2500);

    const inbox = await listInbox(calendar.id, cookie);
    expect(inbox.items.map((wish) => wish.id)).not.toContain(giver.id);
    expect(inbox.items.map((wish) => wish.id)).toContain(kind.id);
    expect(inbox.unread).toBe(2);

    const rows = await exportCsv(calendar.id, cookie);
    expect(rows.map((line) => line.Wish)).not.toContain('Nasty words with money');
    // The gift stays in the parents' records, without the words or the guess.
    expect(rows.find((line) => line.Name === 'Generous Aunt')).toMatchObject({
      Wish: '',
      'Guessed date': '',
      Gift: '25.00',
      'On the page': 'removed',
    });

    const statsAfter = (await (await get(`/api/calendars/${calendar.id}`, cookie)).json()) as {
      raisedAmount: number;
      participants: number;
    };
    // The giver is still a participant of the parents' calendar, for the gift.
    expect(statsAfter).toMatchObject({ raisedAmount: 2500, participants: 3 });
    const ledgerAfter = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, calendar.id));
    expect(ledgerAfter).toEqual(ledgerBefore);
  });

  it('removes a wish without a gift from the export too, and closes its edit link', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const guest = await contribute(calendar.slug, { name: 'Gone Guest', wish: 'Gone words' });
    const link = await findEditLink(t, guest.email);
    expect((await moderate('remove', guest.id, cookie)).status).toBe(200);

    expect((await exportCsv(calendar.id, cookie)).map((line) => line.Name)).not.toContain('Gone Guest');
    expect((await listInbox(calendar.id, cookie)).items).toEqual([]);
    // Nor does it make a participant in the parents' own counts.
    expect(await (await get(`/api/calendars/${calendar.id}`, cookie)).json()).toMatchObject({ participants: 0 });
    const own = await get(`/api/public/contributions/${link!.id}?token=${link!.token}`);
    expect(own.status).toBe(404);
    const edit = await sendJson(t, 'PATCH', `/api/public/contributions/${link!.id}?token=${link!.token}`, {
      wish: 'Back again',
    });
    expect(edit.status).toBe(404);
    const [row] = await t.db.select().from(contributions).where(eq(contributions.id, guest.id));
    expect(row?.wish).toBe('');
  });
});

describe('after the announcement', () => {
  it('a removed wish without a gift makes no participant; one with a gift stays for its gift, without guess or words', async () => {
    const { calendar, cookie, rude, kind, giver } = await createCalendarWithWishes();
    expect((await moderate('remove', rude.id, cookie)).status).toBe(200);
    expect((await moderate('remove', giver.id, cookie)).status).toBe(200);
    await announce(calendar.id, cookie);
    await t.sendQueuedMail();
    const celebrated = (email: string) =>
      t.mailCatcher.list(email.toLowerCase()).some((mail) => mail.subject.startsWith('The baby is here!'));
    expect(celebrated(kind.email)).toBe(true);
    expect(celebrated(giver.email)).toBe(true);
    expect(celebrated(rude.email)).toBe(false);

    const list = (await (await get(`/api/calendars/${calendar.id}/thank-yous`, cookie)).json()) as {
      participants: { contributionId: string; guessedDate: string | null; wish: string; giftAmount: number | null }[];
    };
    expect(list.participants.map((row) => row.contributionId).sort()).toEqual([kind.id, giver.id].sort());
    expect(list.participants.find((row) => row.contributionId === giver.id)).toMatchObject({
      guessedDate: null,
      wish: '',
      giftAmount: 2500,
    });
    const thankRude = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/thank-yous/${rude.id}`,
      { message: 'Thanks' },
      cookie,
    );
    expect(thankRude.status).toBe(404);
    // 'Thank everyone' thanks the two who are still participants.
    const everyone = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/thank-yous`,
      { message: 'Thanks' },
      cookie,
    );
    expect(everyone.status).toBe(200);
    expect(await everyone.json()).toMatchObject({ sent: 2 });
  });
});

describe('who may moderate', () => {
  it('is the owner only: another account gets 404, a signed-out visitor 401', async () => {
    const { calendar, cookie, rude } = await createCalendarWithWishes();
    const other = await createTestCalendar(t);
    for (const action of ['hide', 'show', 'remove'] as const) {
      const response = await moderate(action, rude.id, other.cookie);
      expect(response.status).toBe(404);
      expect((await readError(response)).code).toBe('not_found');
    }
    expect((await moderate('hide', 'not-a-uuid', cookie)).status).toBe(404);
    expect((await moderate('hide', crypto.randomUUID(), cookie)).status).toBe(404);
    const signedOut = await moderate('hide', rude.id, '');
    expect(signedOut.status).toBe(401);
    expect((await readError(signedOut)).code).toBe('unauthorized');
    // Nothing changed.
    expect((await getPublic(calendar.slug)).wishes.items).toHaveLength(3);
  });

  it('tells the guest page whether its visitor is the owner, and nothing else to anyone else', async () => {
    const { calendar, cookie, rude } = await createCalendarWithWishes();
    const other = await createTestCalendar(t);
    await moderate('hide', rude.id, cookie);

    const owner = await get(`/api/wishes/page-view?slug=${calendar.slug}`, cookie);
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toContain('no-store');
    expect((await owner.json()) as WishPageView).toEqual({ owner: true, calendarId: calendar.id, hiddenWishes: 1 });

    for (const visitor of ['', other.cookie]) {
      const response = await get(`/api/wishes/page-view?slug=${calendar.slug}`, visitor);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ owner: false });
    }
    expect(await (await get('/api/wishes/page-view?slug=nope', cookie)).json()).toEqual({ owner: false });
  });
});

describe('a guest deleting their own wish from the edit link', () => {
  function deleteOwn(link: { id: string; token: string }) {
    return sendJson(t, 'DELETE', `/api/public/contributions/${link.id}?token=${link.token}`, undefined);
  }

  it('takes it and their name and address out of the page, the inbox and the export; a second delete is 404', async () => {
    const { calendar, cookie, kind } = await createCalendarWithWishes();
    const link = await findEditLink(t, kind.email);
    // The receipt says so.
    expect(link!.receipt.text).toContain('From the same link you can delete your wish and your details');
    expect((await deleteOwn({ id: link!.id, token: 'wrong' })).status).toBe(404);

    const deleted = await deleteOwn(link!);
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('cache-control')).toBe('no-store');
    // A wish without a gift leaves nothing behind.
    expect(await t.db.select().from(contributions).where(eq(contributions.id, kind.id))).toEqual([]);
    // Nor does the receipt's delivery record keep the address.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, kind.email.toLowerCase()))).toEqual([]);

    const page = await getPublic(calendar.slug);
    expect(JSON.stringify(page)).not.toMatch(/All the best|Kind Friend/);
    expect(page.participants).toBe(2);
    expect(page.guesses.map((guess) => guess.date)).not.toContain('2030-01-12');
    expect((await listInbox(calendar.id, cookie)).items.map((wish) => wish.id)).not.toContain(kind.id);
    const csv = await (await get(`/api/wishes/export.csv?calendarId=${calendar.id}`, cookie)).text();
    expect(csv).not.toMatch(/All the best|Kind Friend/);
    expect(csv).not.toContain(kind.email);

    const again = await deleteOwn(link!);
    expect(again.status).toBe(404);
    expect(await readError(again)).toMatchObject({ message: 'This edit link is not valid.' });
    expect((await get(`/api/public/contributions/${link!.id}?token=${link!.token}`)).status).toBe(404);
  });

  it('keeps a given gift with the parents, anonymised: in their total, ledger and export, never refunded', async () => {
    const { calendar, cookie, giver } = await createCalendarWithWishes();
    const link = await findEditLink(t, giver.email);
    expect(link!.receipt.text).toContain('Your gift stays with the parents, without your name: it is not refunded.');
    const ledgerBefore = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, calendar.id));

    expect((await deleteOwn(link!)).status).toBe(204);
    const [row] = await t.db.select().from(contributions).where(eq(contributions.id, giver.id));
    expect(row).toMatchObject({
      status: 'confirmed',
      name: '',
      wish: '',
      guessedDate: null,
      guessedTimeMinutes: null,
      guessedWeightGrams: null,
      editTokenHash: null,
      giftAmount: 2500,
      removedAt: expect.any(Date),
    });
    expect(row?.email).toMatch(/^erased:/);

    const page = await getPublic(calendar.slug);
    expect(JSON.stringify(page)).not.toMatch(/Nasty words|Generous Aunt/);
    expect(page.totalRaisedAmount).toBe(2500);
    expect(page.participants).toBe(2);
    expect((await listInbox(calendar.id, cookie)).items.map((wish) => wish.id)).not.toContain(giver.id);
    const rows = await exportCsv(calendar.id, cookie);
    expect(rows.find((line) => line.Gift === '25.00')).toMatchObject({
      Name: '',
      'E-mail': '',
      'Guessed date': '',
      Wish: '',
      'Gift status': 'given',
      'On the page': 'deleted by the guest',
    });
    expect(JSON.stringify(rows)).not.toContain(giver.email);
    expect(await (await get(`/api/calendars/${calendar.id}`, cookie)).json()).toMatchObject({ raisedAmount: 2500 });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.calendarId, calendar.id))).toEqual(
      ledgerBefore,
    );
    expect((await deleteOwn(link!)).status).toBe(404);
  });

  it('is allowed after the announcement, when editing is not: the keepsake and the baby-is-here e-mail follow', async () => {
    const { calendar, cookie, rude, giver } = await createCalendarWithWishes();
    const rudeLink = await findEditLink(t, rude.email);
    const giverLink = await findEditLink(t, giver.email);
    // Before the announcement: the giver, who then gets no e-mail about the birth.
    expect((await deleteOwn(giverLink!)).status).toBe(204);
    await announce(calendar.id, cookie);
    await t.sendQueuedMail();
    const outbox = await t.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.filter((mail) => mail.to.startsWith('erased:'))).toEqual([]);

    const edit = await sendJson(t, 'PATCH', `/api/public/contributions/${rudeLink!.id}?token=${rudeLink!.token}`, {
      wish: 'Too late',
    });
    expect(edit.status).toBe(409);
    expect((await deleteOwn(rudeLink!)).status).toBe(204);

    const publicBook = (await (await get(`/api/public/calendars/${calendar.slug}/keepsake`)).json()) as KeepsakeBook;
    expect(publicBook.wishes.map((wish) => wish.wish)).toEqual(['All the best']);
    const ownerBook = (await (await get(`/api/calendars/${calendar.id}/keepsake`, cookie)).json()) as KeepsakeBook;
    expect(JSON.stringify(ownerBook)).not.toMatch(/Something rude|Rude Prankster|Nasty words|Generous Aunt/);
  });
});
