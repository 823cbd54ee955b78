import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const origin = 'http://firstday.test';

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

function post(path: string, body: unknown, cookie = '') {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function getCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('sign-up, verification and sign-in', () => {
  it('verifies by the e-mailed link, which signs the user in', async () => {
    const signUp = await post('/api/auth/sign-up/email', {
      name: 'Anna Maria Smith',
      email: 'anna@example.com',
      password: 'correct horse',
      callbackURL: '/my_calendars',
    });
    expect(signUp.status).toBe(200);

    const unverified = await post('/api/auth/sign-in/email', { email: 'anna@example.com', password: 'correct horse' });
    expect(unverified.status).toBe(403);

    await t.sendQueuedMail();
    const [mail] = t.mailCatcher.list('anna@example.com');
    expect(mail?.subject).toBe('Confirm your email for Firstday');
    const link = mail!.text.match(/http:\/\/firstday\.test\/api\/auth\/verify-email\S+/)?.[0];
    expect(link).toBeTruthy();
    const verify = await t.app.request(link!.replace(origin, ''));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/my_calendars');
    const cookie = getCookie(verify);
    expect(cookie).toContain('better-auth.session_token');

    const me = await t.app.request('/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      first_name: 'Anna',
      last_name: 'Maria Smith',
      email: 'anna@example.com',
      IBAN: null,
      settings: { hide_total_default: true, hide_sender_names_default: false },
    });
  });

  it('answers 401 on /api/users/me when signed out', async () => {
    const me = await t.app.request('/api/users/me');
    expect(me.status).toBe(401);
    expect((await readError(me)).code).toBe('unauthorized');
  });
});
