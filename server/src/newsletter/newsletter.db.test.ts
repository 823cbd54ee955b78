import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, readError } from '../../test/test-app.ts';
import { newsletterSubscribers } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { subscribe: { limit: 100, windowMs: 60_000 } } });
});
afterAll(() => t.close());

function extractLink(text: string, path: string): string {
  const match = text.match(new RegExp(`http://firstday\\.test${path}\\?token=[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0].replace('http://firstday.test', '');
}

describe('POST /api/emails/subscribe', () => {
  it('stores a valid address and sends one confirmation e-mail with working links', async () => {
    const response = await postJson(t.app, '/api/emails/subscribe', { email: 'Grandma.Rose@Example.com' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ subscribed: true });

    await t.sendQueuedMail();
    const [mail, ...others] = t.mailCatcher.list('grandma.rose@example.com');
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Please confirm your Firstday subscription');

    const confirm = await t.app.request(extractLink(mail!.text, '/api/emails/confirm'));
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/join_us?confirmed=1');
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'grandma.rose@example.com'));
    expect(row?.status).toBe('confirmed');

    // The page that says so is in the clicking browser's language.
    const unsubscribe = await t.app.request(extractLink(mail!.text, '/api/emails/unsubscribe'), {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(unsubscribe.headers.get('location')).toBe('/de/join_us?unsubscribed=1');
    const [after] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row!.id));
    expect(after?.status).toBe('unsubscribed');
  });

  it('answers a repeat like a first subscribe, without a second row or e-mail', async () => {
    for (const email of ['twice@example.com', 'TWICE@example.com ']) {
      const response = await postJson(t.app, '/api/emails/subscribe', { email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ subscribed: true });
    }
    await t.sendQueuedMail();
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
    expect(t.mailCatcher.list('twice@example.com')).toHaveLength(1);
  });

  it('refuses malformed JSON', async () => {
    const response = await postJson(t.app, '/api/emails/subscribe', '{"email": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid e-mail address, like name@example.com.'],
    [{ email: '' }, 'Please enter your e-mail address.'],
    [{}, 'Please enter your e-mail address.'],
    [{ email: `${'x'.repeat(300)}@example.com` }, 'An e-mail address can be at most 254 characters.'],
  ])('refuses %j with a field message', async (body, message) => {
    const response = await postJson(t.app, '/api/emails/subscribe', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'validation_failed', message: 'Some fields need your attention.', fields: { email: message } },
    });
  });

  it('refuses a body that is not JSON or too large', async () => {
    const form = await t.app.request('/api/emails/subscribe', { method: 'POST', body: 'email=a@b.co' });
    expect(form.status).toBe(415);
    expect((await readError(form)).code).toBe('unsupported_media_type');

    const huge = await postJson(t.app, '/api/emails/subscribe', { email: 'a@b.co', padding: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect((await readError(huge)).code).toBe('payload_too_large');
  });
});

describe('subscribe rate limit', () => {
  it('answers 429 with Retry-After after 5 requests from one address in 10 minutes', async () => {
    const limited = await createTestApp();
    try {
      for (let i = 0; i < 5; i++) {
        const response = await postJson(limited.app, '/api/emails/subscribe', { email: `rate${i}@example.com` });
        expect(response.status).toBe(200);
      }
      const refused = await postJson(limited.app, '/api/emails/subscribe', { email: 'rate6@example.com' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await readError(refused)).code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('e-mail links', () => {
  it('sends forged or unknown tokens to an explanation instead of changing anything', async () => {
    const forged = await t.app.request('/api/emails/confirm?token=00000000-0000-0000-0000-000000000000.forged');
    expect(forged.headers.get('location')).toBe('/join_us?link=invalid');
    const missing = await t.app.request('/api/emails/unsubscribe');
    expect(missing.headers.get('location')).toBe('/join_us?link=invalid');
  });
});
