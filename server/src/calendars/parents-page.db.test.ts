import type { OwnerCalendar } from '@firstday/common/calendars';
import type { PublicCalendar } from '@firstday/common/contributions';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createActiveCalendar } from '../../test/test-contributions.ts';
import { uploadTestPhoto } from '../../test/test-images.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

async function readPublic(slug: string) {
  const response = await t.app.request(`/api/public/calendars/${slug}`);
  return (await response.json()) as PublicCalendar;
}

describe("the parents' page: cover photo and note", () => {
  it('saves the photo and the trimmed note, shows them to guests, and removes them again', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    expect(await readPublic(calendar.slug)).toMatchObject({
      coverImageId: null,
      coverImageSize: null,
      parentsNote: null,
    });

    const photo = await uploadTestPhoto(t, cookie);
    const saved = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { coverImageId: photo.id, parentsNote: '  We cannot wait to meet our little one!  ' },
      cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      coverImageId: photo.id,
      parentsNote: 'We cannot wait to meet our little one!',
    } satisfies Partial<OwnerCalendar>);
    expect(await readPublic(calendar.slug)).toMatchObject({
      coverImageId: photo.id,
      coverImageSize: { width: 1200, height: 900 },
      parentsNote: 'We cannot wait to meet our little one!',
    });

    const removed = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { coverImageId: null, parentsNote: '   ' },
      cookie,
    );
    expect(await removed.json()).toMatchObject({ coverImageId: null, parentsNote: null });
    expect(await readPublic(calendar.slug)).toMatchObject({ coverImageId: null, parentsNote: null });
  });

  it("refuses someone else's photo, an unknown id and a note over 500 characters", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const stranger = await createVerifiedUser(t, 'stranger-photo@example.com');
    const theirs = await uploadTestPhoto(t, stranger.cookie);

    const foreign = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId: theirs.id }, cookie);
    expect(foreign.status).toBe(400);
    expect((await readError(foreign)).fields).toEqual({ coverImageId: 'Please upload the photo again.' });

    const bogus = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId: 'not-an-id' }, cookie);
    expect(bogus.status).toBe(400);
    expect((await readError(bogus)).fields?.coverImageId).toBeTruthy();

    const long = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { parentsNote: 'x'.repeat(501) }, cookie);
    expect(long.status).toBe(400);
    expect((await readError(long)).fields).toEqual({ parentsNote: 'A note can be at most 500 characters.' });

    expect(await readPublic(calendar.slug)).toMatchObject({ coverImageId: null, parentsNote: null });
  });

  it('draws the cover photo into the share preview image', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const before = await t.app.request(`/api/public/calendars/${calendar.slug}/og.png`);
    expect(before.status).toBe(200);
    const plain = new Uint8Array(await before.arrayBuffer());

    // A green photo on a pink background: the preview's right side turns green.
    const photo = await uploadTestPhoto(t, cookie, '#10a040');
    await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId: photo.id }, cookie);
    const after = await t.app.request(`/api/public/calendars/${calendar.slug}/og.png`);
    const withPhoto = new Uint8Array(await after.arrayBuffer());

    const sample = async (png: Uint8Array) => {
      const pixels = await sharp(png)
        .extract({ left: 850, top: 250, width: 100, height: 100 })
        .removeAlpha()
        .raw()
        .toBuffer();
      const mean = (channel: number) => pixels.filter((_, i) => i % 3 === channel).reduce((a, b) => a + b, 0) / 10_000;
      return { r: mean(0), g: mean(1), b: mean(2) };
    };
    const plainSample = await sample(plain);
    const photoSample = await sample(withPhoto);
    expect(plainSample.r).toBeGreaterThan(200);
    expect(photoSample.g).toBeGreaterThan(photoSample.r + 60);
  });
});
