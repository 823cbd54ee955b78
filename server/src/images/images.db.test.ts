import { readFileSync } from 'node:fs';
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE, TOO_MANY_PIXELS_MESSAGE } from '@firstday/common/images';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createVerifiedUser, TEST_ORIGIN } from '../../test/test-users.ts';
import { readImageVariant } from './image-store.ts';
import { images, imageVariants } from './schema.ts';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: { cookie: string };

beforeAll(async () => {
  // One photo decoded at once and one waiting: the cap's test fills both (the others upload one by one).
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', IMAGE_PROCESSING_CONCURRENCY: '1', IMAGE_PROCESSING_QUEUE: '1' },
  });
  owner = await createVerifiedUser(t, 'photos@example.com');
});
afterAll(() => t.close());

function upload(bytes: Uint8Array, name: string, cookie = owner.cookie, type = 'image/jpeg') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/images', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: form,
  });
}

async function countStored() {
  const [imageCount] = await t.db.select({ n: count() }).from(images);
  const [variantCount] = await t.db.select({ n: count() }).from(imageVariants);
  return { images: Number(imageCount?.n), variants: Number(variantCount?.n) };
}

/** A 2000×1000 photo taken with the phone turned (EXIF orientation 6), with GPS and camera data. */
function makePhotoWithLocation() {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#d0603a' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('uploading a photo', () => {
  it('stores upright WebP and JPEG variants at each width without any EXIF, GPS or XMP', async () => {
    const photo = await makePhotoWithLocation();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian): the location is in the file.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload(photo, 'IMG_0001.JPG');
    expect(response.status).toBe(201);
    const image = (await response.json()) as { id: string; width: number; height: number };
    // Turned upright: 1000 wide, 2000 high.
    expect(image).toMatchObject({ width: 1000, height: 2000 });

    const variants = await t.db.select().from(imageVariants).where(eq(imageVariants.imageId, image.id));
    expect(variants.map((v) => `${v.width}x${v.height}.${v.format}`).sort()).toEqual([
      '1000x2000.jpeg',
      '1000x2000.webp',
      '320x640.jpeg',
      '320x640.webp',
      '640x1280.jpeg',
      '640x1280.webp',
    ]);
    for (const variant of variants) {
      const bytes = variant.bytes!;
      expect(variant.byteLength).toBe(bytes.byteLength);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(variant.format);
      expect({ width: meta.width, height: meta.height }).toEqual({ width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/PhoneMaker|Exif\0/);
    }
  });

  it('reads an iPhone HEIC photo (HEVC, which sharp alone cannot decode)', async () => {
    const response = await upload(fixture('sample-600x400.heic'), 'IMG_0002.HEIC', owner.cookie, '');
    expect(response.status).toBe(201);
    const image = (await response.json()) as { id: string; width: number; height: number };
    expect(image).toMatchObject({ width: 600, height: 400 });
    const variant = await readImageVariant(t.context, image.id, { width: 640, format: 'jpeg' });
    expect(variant).toMatchObject({ width: 600, height: 400, contentType: 'image/jpeg' });
    // The red circle on the left survived decoding.
    const circle = await sharp(variant!.bytes).extract({ left: 140, top: 190, width: 20, height: 20 }).raw().toBuffer();
    const mean = (channel: number) =>
      circle.filter((_, index) => index % 3 === channel).reduce((a, b) => a + b, 0) / 400;
    const data = [mean(0), mean(1)];
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(90);
  });

  it('accepts PNG and WebP, and keeps a small photo at its own size', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const pngResponse = await upload(png, 'tiny.png', owner.cookie, 'image/png');
    expect(pngResponse.status).toBe(201);
    const small = (await pngResponse.json()) as { id: string };
    const variants = await t.db.select().from(imageVariants).where(eq(imageVariants.imageId, small.id));
    expect(variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(['200.jpeg', '200.webp']);

    const webp = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    expect((await upload(webp, 'photo.webp', owner.cookie, 'image/webp')).status).toBe(201);
  });

  it('refuses a renamed text file, an empty form, a 40 MB body and a decompression bomb, storing nothing', async () => {
    const stored = await countStored();

    const text = new TextEncoder().encode('These are not the pixels you are looking for.\n'.repeat(20));
    const renamed = await upload(text, 'holiday.jpg');
    expect(renamed.status).toBe(400);
    expect((await readError(renamed)).fields).toEqual({ file: NOT_AN_IMAGE_MESSAGE });

    const noFile = await t.app.request('/api/images', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
    expect((await readError(noFile)).fields?.file).toBeTruthy();

    // A real JPEG start, then 40 MB: refused on its size, before anything is decoded.
    const huge = new Uint8Array(40 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload(huge, 'huge.jpg');
    expect(tooBig.status).toBe(413);
    expect(await readError(tooBig)).toMatchObject({ message: IMAGE_TOO_LARGE_MESSAGE });

    const started = performance.now();
    const bomb = await upload(fixture('bomb-20000x20000.png'), 'bomb.png', owner.cookie, 'image/png');
    expect(bomb.status).toBe(400);
    expect((await readError(bomb)).fields).toEqual({ file: TOO_MANY_PIXELS_MESSAGE });
    // Refused from the header: never decoded (that would take many seconds and 1.2 GB).
    expect(performance.now() - started).toBeLessThan(2000);

    const broken = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const truncated = await upload(broken.subarray(0, 200), 'cut.jpg');
    expect(truncated.status).toBe(400);

    expect(await countStored()).toEqual(stored);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const stored = await countStored();
    const response = await upload(photo, 'a.jpg', '');
    expect(response.status).toBe(401);
    expect(await countStored()).toEqual(stored);
  });
});

describe('the cap on photos processed at once', () => {
  it('lets a photo wait for the decode slot and refuses one beyond the queue with 503 and Retry-After', async () => {
    const photo = await makePhotoWithLocation();
    const gate = t.context.imageGate;
    // Another upload holds the only decode slot until the test lets it go.
    const held = gate.enter();
    let release = () => {};
    const holding = held.decode(() => new Promise<void>((resolve) => (release = resolve)));

    const queued = upload(photo, 'queued.jpg');
    await expect.poll(() => gate.waiting).toBe(1);
    const refused = await upload(photo, 'refused.jpg');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    const error = await readError(refused);
    expect(error.code).toBe('image_busy');
    expect(error.message).toContain('Please try again in a few seconds');

    release();
    await holding;
    held.leave();
    expect((await queued).status).toBe(201);
    expect((await upload(photo, 'after.jpg')).status).toBe(201);
    expect(gate.inside).toBe(0);
  });
});

describe('serving a photo', () => {
  it('serves each variant with the right type and a year of immutable caching; 404 otherwise', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const { id } = (await (await upload(photo, 'p.jpg')).json()) as { id: string };

    const webp = await t.app.request(`/images/${id}/640.webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(new Uint8Array(await webp.arrayBuffer())).metadata()).width).toBe(640);

    const jpeg = await t.app.request(`/images/${id}/1280.jpg`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(new Uint8Array(await jpeg.arrayBuffer())).metadata()).width).toBe(1280);

    for (const path of [
      `/images/${id}/500.webp`,
      `/images/${id}/640.png`,
      `/images/00000000-0000-4000-8000-000000000000/640.webp`,
      '/images/not-an-id/640.webp',
    ]) {
      expect((await t.app.request(path)).status, path).toBe(404);
    }
  });
});
