import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar } from '../../test/test-contributions.ts';
import { uploadTestPhoto } from '../../test/test-images.ts';
import { sendJson } from '../../test/test-users.ts';
import { deleteUnusedImages, UNUSED_IMAGE_GRACE_MS } from './delete-unused-images.ts';
import { images, imageVariants } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

describe('deleteUnusedImages', () => {
  it('deletes photos no calendar or announcement uses, a day after their upload, with their variants', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const cover = await uploadTestPhoto(t, cookie, '#10a040');
    const replaced = await uploadTestPhoto(t, cookie, '#c03070');
    const abandoned = await uploadTestPhoto(t, cookie, '#3060c0');
    // The cover was replaced once: the first photo is no longer used.
    for (const coverImageId of [replaced.id, cover.id]) {
      const saved = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId }, cookie);
      expect(saved.status).toBe(200);
    }
    const all = [cover.id, replaced.id, abandoned.id];

    // Within the day an upload may still be in an open form: nothing goes.
    expect(await deleteUnusedImages(t.context)).toBe(0);

    const dayLater = new Date(Date.now() + UNUSED_IMAGE_GRACE_MS + 60_000);
    expect(await deleteUnusedImages(t.context, dayLater)).toBe(2);
    const left = await t.db.select({ id: images.id }).from(images).where(inArray(images.id, all));
    expect(left.map((row) => row.id)).toEqual([cover.id]);
    const variants = await t.db
      .selectDistinct({ imageId: imageVariants.imageId })
      .from(imageVariants)
      .where(inArray(imageVariants.imageId, all));
    expect(variants.map((row) => row.imageId)).toEqual([cover.id]);
    expect((await t.app.request(`/images/${abandoned.id}/320.webp`)).status).toBe(404);
    expect((await t.app.request(`/images/${cover.id}/320.webp`)).status).toBe(200);

    // Nothing else to do the next time.
    expect(await deleteUnusedImages(t.context, dayLater)).toBe(0);
  });
});
