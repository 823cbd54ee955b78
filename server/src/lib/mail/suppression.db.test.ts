import { ApiErrorBodySchema } from '@firstday/common/api-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../../test/test-app.ts';
import { createUnsubscribeUrl, isSuppressed } from './suppression.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The link as it is in e-mails already sent: the path and query of createUnsubscribeUrl. */
function linkFor(email: string): string {
  const url = new URL(createUnsubscribeUrl(t.context.env, email));
  return `${url.pathname}${url.search}`;
}

describe('GET /api/mail/unsubscribe (the link in the e-mail)', () => {
  it('records the address and sends the reader to a page that says so', async () => {
    const response = await t.app.request(linkFor('reader@example.com'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/mail/unsubscribed');
    expect(await isSuppressed(t.db, 'reader@example.com')).toBe(true);

    const page = await t.app.request('/mail/unsubscribed');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
    expect(await page.text()).toContain('You are unsubscribed');
  });

  it.each(['', '?token=', '?token=forged.token', '?token=%00'])(
    'sends %j to a page that explains the link is not valid',
    async (query) => {
      const response = await t.app.request(`/api/mail/unsubscribe${query}`);
      if (query === '?token=%00') {
        // Refused by the one text check before the route: the JSON error, like every /api 4xx.
        expect(ApiErrorBodySchema.safeParse(await response.json()).success).toBe(true);
        return;
      }
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/mail/unsubscribed?link=invalid');
      const page = await t.app.request('/mail/unsubscribed?link=invalid');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('This link is not valid');
    },
  );
});

describe('POST /api/mail/unsubscribe (one-click from the mail client, RFC 8058)', () => {
  it('records the address and answers 204', async () => {
    const response = await t.app.request(linkFor('one-click@example.com'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(204);
    expect(await isSuppressed(t.db, 'one-click@example.com')).toBe(true);
  });

  it.each(['', '?token=', '?token=forged.token'])('answers the API error shape for %j', async (query) => {
    const response = await t.app.request(`/api/mail/unsubscribe${query}`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await readError(response)).toEqual({ code: 'invalid_link', message: 'This unsubscribe link is not valid.' });
  });
});
