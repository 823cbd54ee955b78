import { COOKIES } from '@firstday/common/cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar, makeContribution, postContribution } from '../../test/test-contributions.ts';
import { signInWithTestOidc, startTestOidcProvider } from '../../test/test-oidc-provider.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let oidc: Awaited<ReturnType<typeof startTestOidcProvider>>;
let t: TestApp;
/** Every Set-Cookie header the app sent, with the path that sent it. */
const sent: { path: string; header: string }[] = [];

beforeAll(async () => {
  oidc = await startTestOidcProvider();
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...oidc.env(true) } });
  // Records what the app answers, whichever helper made the request.
  const request = t.app.request.bind(t.app);
  t.app.request = (async (...args: Parameters<typeof request>) => {
    const response = await request(...args);
    const path = typeof args[0] === 'string' ? args[0] : String(args[0]);
    for (const header of response.headers.getSetCookie()) sent.push({ path, header });
    return response;
  }) as typeof t.app.request;
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

/** A cookie's name without the `__Secure-` prefix better-auth adds over HTTPS, and its Max-Age. */
function readCookie(header: string) {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const name = pair.slice(0, pair.indexOf('=')).replace(/^__Secure-/, '');
  const value = pair.slice(pair.indexOf('=') + 1);
  const maxAge = attributes.find((attribute) => /^max-age=/i.test(attribute))?.split('=')[1];
  return { name, value, maxAge: maxAge === undefined ? undefined : Number(maxAge) };
}

describe('the cookies the privacy page lists', () => {
  it('are every cookie the journeys set, with the lifetimes the page states', async () => {
    const { cookie, email, password } = await createVerifiedUser(t, 'cookies@example.com');
    await sendJson(t, 'POST', '/api/auth/sign-out', {}, cookie);
    await sendJson(t, 'POST', '/api/auth/sign-in/email', { email, password });
    await signInWithTestOidc(t, 'federated-cookies@example.com');
    await sendJson(t, 'POST', '/api/auth/request-password-reset', { email, redirectTo: '/reset_password' });

    const set = sent.map(({ path, header }) => ({ path, ...readCookie(header) })).filter(({ value }) => value !== '');
    const listed = new Map<string, number>(COOKIES.map((cookie) => [cookie.name, cookie.maxAgeSeconds]));
    for (const cookie of set) {
      expect(listed.has(cookie.name), `${cookie.name} (set by ${cookie.path}) is not on the privacy page`).toBe(true);
      expect(cookie.maxAge, `${cookie.name}'s lifetime`).toBe(listed.get(cookie.name));
    }
    const names = new Set(set.map(({ name }) => name));
    // Every server-set cookie of the list was seen; the language cookie is set by the page itself.
    expect([...names].sort()).toEqual(
      COOKIES.filter(({ id }) => id !== 'language')
        .map(({ name }) => name)
        .sort(),
    );
  });

  it('are none for a guest who takes part', async () => {
    const { calendar } = await createActiveCalendar(t);
    const before = sent.length;
    await t.app.request(`/api/public/calendars/${calendar.slug}`);
    const response = await postContribution(t, calendar.slug, await makeContribution(t));
    expect(response.status).toBe(201);
    expect(sent.slice(before)).toEqual([]);
  });
});

describe('answers that carry personal data', () => {
  it('are never stored by a browser or a proxy', async () => {
    const { cookie } = await createVerifiedUser(t, 'no-store@example.com');
    for (const path of ['/api/users/me', '/api/calendars', '/api/auth/get-session']) {
      const response = await t.app.request(path, { headers: { cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toContain('no-store');
    }
  });
});
