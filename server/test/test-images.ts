import sharp from 'sharp';
import { expect } from 'vitest';
import type { createTestApp } from './test-app.ts';
import { TEST_ORIGIN } from './test-users.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Uploads a one-colour 1200×900 JPEG as the signed-in user, through `POST /api/images`. */
export async function uploadTestPhoto(t: Pick<TestApp, 'app'>, cookie: string, colour = '#c03070') {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
  const response = await t.app.request('/api/images', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; width: number; height: number };
}
