import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { uploadTestPhoto } from '../../test/test-images.ts';
import { createVerifiedUser } from '../../test/test-users.ts';
import { loadWebBuild } from '../lib/web-static.ts';

// The real web build (`npm test` builds it before the unit tests): its public files live under /images too.
const WEB_DIST = fileURLToPath(new URL('../../../web/build/client', import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ web: await loadWebBuild(WEB_DIST) });
});
afterAll(() => t.close());

describe('/images: the photo route beside the site’s own pictures', () => {
  it('serves every article picture and the other static images under /images', async () => {
    const articlePictures = readdirSync(`${WEB_DIST}/images/articles`).filter((name) => name.endsWith('.svg'));
    expect(articlePictures.length).toBeGreaterThan(0);
    for (const path of [...articlePictures.map((name) => `/images/articles/${name}`), '/images/hero.svg']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('image/svg+xml');
    }
  });

  it('serves a photo’s variants by its id, and answers 404 for a width or id it does not have', async () => {
    const { cookie } = await createVerifiedUser(t, 'photo-routes@example.com');
    const { id } = await uploadTestPhoto(t, cookie);

    const webp = await t.app.request(`/images/${id}/640.webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toContain('immutable');
    expect((await t.app.request(`/images/${id}/320.jpg`)).headers.get('content-type')).toBe('image/jpeg');

    const wrongWidth = await t.app.request(`/images/${id}/999.webp`);
    expect(wrongWidth.status).toBe(404);
    expect((await readError(wrongWidth)).code).toBe('not_found');
    const unknownPhoto = await t.app.request(`/images/${crypto.randomUUID()}/640.webp`);
    expect(unknownPhoto.status).toBe(404);
    expect((await readError(unknownPhoto)).code).toBe('not_found');
  });

  it('answers the not-found page for a missing static picture', async () => {
    const response = await t.app.request('/images/articles/no-such-picture.svg');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
