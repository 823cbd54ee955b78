import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeepsakeBook } from '@firstday/common/keepsake';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
import { uploadTestPhoto } from '../../test/test-images.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { announcements } from '../announcements/schema.ts';
import { calendars } from '../calendars/schema.ts';
import { contributions } from '../contributions/schema.ts';

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];
const TODAY = new Date().toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'keepsake-api-'));

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function contribute(slug: string, overrides: { name: string; wish: string; giftAmount?: number }) {
  const { giftAmount, ...rest } = overrides;
  const body = await makeContribution(t, {
    ...rest,
    ...(giftAmount ? { giftAmount: giftAmount, payment: { type: 'card', card: GOOD_CARD } } : {}),
  });
  const response = await withAnyCaptcha(t, async () => postContribution(t, slug, body));
  expect(response.status).toBe(201);
  await webhooks.deliverAll();
}

async function announce(calendarId: string, cookie: string) {
  const response = await sendJson(
    t,
    'POST',
    `/api/calendars/${calendarId}/announce`,
    { birthDate: TODAY, thankYouMessage: 'Thank you for every wish!' },
    cookie,
  );
  expect(response.status).toBe(200);
  await t.context.jobs.idle();
}

/** A calendar with three wishes (one with a gift), announced with the baby's details. */
async function createAnnouncedCalendar(settings: { hideSenderNames?: boolean } = {}) {
  const { calendar, cookie } = await createActiveCalendar(t, settings);
  await contribute(calendar.slug, { name: 'Grace Hopper', wish: 'Welcome, little one! Alles Gute.' });
  await contribute(calendar.slug, { name: 'Наталья Смирнова', wish: 'Поздравляем с рождением малыша!' });
  await contribute(calendar.slug, { name: 'Ada Lovelace', wish: 'A gift for your first books.', giftAmount: 4321 });
  return { calendar, cookie };
}

function get(path: string, cookie = '') {
  return sendJson(t, 'GET', path, undefined, cookie);
}

describe('GET /api/calendars/:id/keepsake.pdf', () => {
  it('answers 409 before the announcement, then the PDF with every wish and real names to the owner only', async () => {
    const { calendar, cookie } = await createAnnouncedCalendar({ hideSenderNames: true });
    const early = await get(`/api/calendars/${calendar.id}/keepsake.pdf`, cookie);
    expect(early.status).toBe(409);
    expect(await readError(early)).toMatchObject({
      code: 'not_announced',
      message: 'The keepsake book is ready once you have announced the birth.',
    });

    await announce(calendar.id, cookie);
    await t.db
      .update(announcements)
      .set({ babyName: 'Emma', birthTimeMinutes: 9 * 60 + 5, birthWeightGrams: 3250 })
      .where(eq(announcements.calendarId, calendar.id));

    const response = await get(`/api/calendars/${calendar.id}/keepsake.pdf`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Firstday keepsake - .+\.pdf"/);
    const file = join(dir, `${calendar.id}.pdf`);
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    for (const wish of [
      'Welcome, little one! Alles Gute.',
      'Поздравляем с рождением малыша!',
      'A gift for your first books.',
    ]) {
      expect(text).toContain(wish);
    }
    // The owner's book has the real names, whatever the public sees, and the baby's details.
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Наталья Смирнова');
    expect(text).toContain('Welcome, Emma');
    expect(text).toContain('9:05 AM');
    expect(text).toContain('3,250 g');
    expect(text).not.toContain('43.21');
    // The cover is about the baby; a dollar calendar prints on Letter, a euro one on A4.
    expect(text).toContain('Emma has arrived!');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Page size:\s+612 x 792 pts \(letter\)/m);
    await t.db.update(calendars).set({ currency: 'eur' }).where(eq(calendars.id, calendar.id));
    writeFileSync(
      file,
      new Uint8Array(await (await get(`/api/calendars/${calendar.id}/keepsake.pdf`, cookie)).arrayBuffer()),
    );
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(
      /^Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/m,
    );

    const json = await get(`/api/calendars/${calendar.id}/keepsake`, cookie);
    const book = (await json.json()) as KeepsakeBook;
    expect(book.wishes.map((wish) => wish.name)).toEqual(['Grace Hopper', 'Наталья Смирнова', 'Ada Lovelace']);
    expect(JSON.stringify(book)).not.toMatch(/gift_?amount|4321|@/i);

    // Anyone else: the same 404 as for an unknown calendar; no session: 401.
    const other = await createVerifiedUser(t, 'keepsake-other@example.com');
    expect((await get(`/api/calendars/${calendar.id}/keepsake.pdf`, other.cookie)).status).toBe(404);
    expect((await get(`/api/calendars/${calendar.id}/keepsake`, other.cookie)).status).toBe(404);
    expect((await get(`/api/calendars/${calendar.id}/keepsake.pdf`)).status).toBe(401);
  });
});

describe('the keepsake’s photos', () => {
  it('prints the cover photo and the baby’s photo when the parents gave them', async () => {
    const { calendar, cookie } = await createAnnouncedCalendar();
    const cover = await uploadTestPhoto(t, cookie, '#10a040');
    const baby = await uploadTestPhoto(t, cookie, '#3060c0');
    expect(
      (await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId: cover.id }, cookie)).status,
    ).toBe(200);
    const announced = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: TODAY, thankYouMessage: 'Thank you!', babyImageId: baby.id },
      cookie,
    );
    expect(announced.status).toBe(200);

    const response = await get(`/api/calendars/${calendar.id}/keepsake.pdf`, cookie);
    expect(response.status).toBe(200);
    const file = join(dir, `${calendar.id}-photos.pdf`);
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
    // pdfimages lists one row per image drawn: the cover photo and the baby's photo, both JPEG.
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images).toHaveLength(2);
    for (const row of images) expect(row).toMatch(/\bjpeg\b/);
    // After the birth the cover shows the baby (blue), the announcement page the photo from the wait (green).
    execFileSync('pdfimages', ['-j', file, join(dir, 'photo')]);
    const [first, second] = await Promise.all(
      ['photo-000.jpg', 'photo-001.jpg'].map(async (name) => (await sharp(join(dir, name)).stats()).dominant),
    );
    expect(images.map((row) => row.trim().split(/\s+/)[0])).toEqual(['1', '2']);
    expect(first!.b).toBeGreaterThan(first!.g);
    expect(second!.g).toBeGreaterThan(second!.b);
  });
});

describe('GET /api/public/calendars/:slug/keepsake', () => {
  it('is 404 until the announcement, then shows every confirmed wish with names per the hide flag and no amounts', async () => {
    const hidden = await createAnnouncedCalendar({ hideSenderNames: true });
    expect((await get(`/api/public/calendars/${hidden.calendar.slug}/keepsake`)).status).toBe(404);
    // A wish whose payment never went through is not part of the book.
    await t.db.insert(contributions).values({
      id: crypto.randomUUID(),
      calendarId: hidden.calendar.id,
      currency: hidden.calendar.currency,
      name: 'Failed Payer',
      email: 'failed@example.com',
      guessedDate: '2030-01-10',
      wish: 'This one never counted',
      giftAmount: 500,
      status: 'failed',
      idempotencyKey: `failed-${crypto.randomUUID()}`,
    });
    await announce(hidden.calendar.id, hidden.cookie);

    const response = await get(`/api/public/calendars/${hidden.calendar.slug}/keepsake`);
    expect(response.status).toBe(200);
    const body = await response.text();
    const book = JSON.parse(body) as KeepsakeBook;
    expect(book.wishes.map((wish) => [wish.name, wish.wish])).toEqual([
      ['G. H.', 'Welcome, little one! Alles Gute.'],
      ['Н. С.', 'Поздравляем с рождением малыша!'],
      ['A. L.', 'A gift for your first books.'],
    ]);
    expect(book.announcement).toMatchObject({ birthDate: TODAY, thankYouMessage: 'Thank you for every wish!' });
    expect(body).not.toMatch(/Grace|Hopper|Lovelace|Смирнова|gift_?amount|4321|raised|@/i);
    expect(body).not.toContain('never counted');

    const shown = await createAnnouncedCalendar({ hideSenderNames: false });
    await announce(shown.calendar.id, shown.cookie);
    const open = (await (await get(`/api/public/calendars/${shown.calendar.slug}/keepsake`)).json()) as KeepsakeBook;
    expect(open.wishes.map((wish) => wish.name)).toEqual(['Grace Hopper', 'Наталья Смирнова', 'Ada Lovelace']);
  });

  it('is 404 for an unknown slug and for a calendar closed without an announcement', async () => {
    expect((await get('/api/public/calendars/NoSuchSlug99/keepsake')).status).toBe(404);
    const { calendar, cookie } = await createActiveCalendar(t);
    const closed = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/close`,
      { gifts: 'refund', notifyParticipants: false },
      cookie,
    );
    expect(closed.status).toBe(200);
    expect((await get(`/api/public/calendars/${calendar.slug}/keepsake`)).status).toBe(404);
    expect((await get(`/api/calendars/${calendar.id}/keepsake.pdf`, cookie)).status).toBe(409);
  });
});

describe("the keepsake in the owner's language", () => {
  it('prints the book in German for an owner who chose German', async () => {
    const { calendar, cookie } = await createAnnouncedCalendar();
    await announce(calendar.id, cookie);
    const setLocale = (locale: string) => sendJson(t, 'PUT', '/api/account/locale', { locale }, cookie);
    expect((await setLocale('de')).status).toBe(200);
    try {
      const response = await get(`/api/calendars/${calendar.id}/keepsake.pdf`, cookie);
      expect(response.status).toBe(200);
      const file = join(dir, `${calendar.id}-de.pdf`);
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Das Baby ist da!');
      expect(text).toContain('DIE WÜNSCHE');
      expect(text).toContain('Поздравляем с рождением малыша!');
    } finally {
      // The test app's calendars share one owner: the other tests read English.
      await setLocale('en');
    }
  });
});
