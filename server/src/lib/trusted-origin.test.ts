import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppError } from './errors.ts';
import { requireTrustedOrigin } from './trusted-origin.ts';

const app = new Hono()
  .use(requireTrustedOrigin(['https://firstday.app', 'http://localhost:5173']))
  .post('/change', (c) => c.json({ changed: true }))
  .get('/read', (c) => c.json({ read: true }))
  .onError((error, c) => c.json({ code: (error as AppError).code }, (error as AppError).status));

const post = (headers: Record<string, string>) => app.request('/change', { method: 'POST', headers });

describe('requireTrustedOrigin', () => {
  it('lets a state change through from our own pages and from servers without browser headers', async () => {
    expect((await post({ origin: 'https://firstday.app', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // The Vite dev server is another origin of the same site, listed on purpose.
    expect((await post({ origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' })).status).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    // A sibling subdomain (possibly someone else's) without an Origin header.
    [{ 'sec-fetch-site': 'same-site' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'none' }],
  ])('refuses %o', async (headers) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'forbidden_origin' });
  });

  it('never blocks reads', async () => {
    const response = await app.request('/read', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(200);
  });
});
