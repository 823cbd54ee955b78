import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { createTestApp } from './test-app.ts';
import { readSessionCookie, sendJson, TEST_ORIGIN } from './test-users.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const TEST_OIDC_CLIENT = { id: 'firstday-api-test', secret: 'firstday-api-test-secret' };

/** What the provider says of a login's address: vouched for, denied, or the claim left out. */
export type EmailVerifiedClaim = true | false | 'absent';

/**
 * A real OpenID Connect provider (oidc-provider, as in the e2e stack) on a loopback port, for the
 * federated sign-in API tests. A login is the account's subject and e-mail address; it asserts
 * `email_verified: true` unless `emailVerified.set(login, …)` says otherwise. Start it before the
 * app: better-auth reads its discovery document when it starts.
 */
export async function startTestOidcProvider() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const emailVerified = new Map<string, EmailVerifiedClaim>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.id,
        client_secret: TEST_OIDC_CLIENT.secret,
        redirect_uris: [`${TEST_ORIGIN}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['firstday-api-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const claim = emailVerified.get(id) ?? true;
          return {
            sub: id,
            email: id,
            ...(claim === 'absent' ? {} : { email_verified: claim }),
            name: 'Federated Parent',
          };
        },
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    emailVerified,
    /** The app's environment for this provider; `trusted` lists its issuer in AUTH_TRUSTED_PROVIDERS. */
    env(trusted: boolean): Record<string, string> {
      return {
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
        ...(trusted ? { AUTH_TRUSTED_PROVIDERS: issuer } : {}),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const FEDERATED_CALLBACKS = {
  callbackURL: '/my_calendars',
  newUserCallbackURL: '/my_calendars/new',
  errorCallbackURL: '/login',
};

/**
 * Signs in through the provider as the browser would: starts at /api/auth/sign-in/social, passes
 * the provider's login and consent pages as `login`, and follows the redirect back to
 * /api/auth/callback/oidc. Returns where the app then sends the browser, with the `error` it names,
 * and the session cookie it set ('' without one).
 */
export async function signInWithTestOidc(t: TestApp, login: string) {
  const start = await sendJson(t, 'POST', '/api/auth/sign-in/social', {
    provider: 'oidc',
    ...FEDERATED_CALLBACKS,
    disableRedirect: true,
  });
  if (start.status !== 200) throw new Error(`sign-in start failed: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const callback = new URL(await passProviderPages(url, login));
  if (callback.origin !== TEST_ORIGIN) throw new Error(`the provider sent the browser to ${callback.href}`);
  const response = await t.app.request(`${callback.pathname}${callback.search}`, {
    headers: { cookie: readSessionCookie(start) },
  });
  const location = new URL(response.headers.get('location') ?? '/', TEST_ORIGIN);
  const sessionCookie = response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith('better-auth.session_token=') && !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return {
    status: response.status,
    path: location.pathname,
    error: location.searchParams.get('error'),
    cookie: sessionCookie,
  };
}

/** Follows the provider's redirects and submits its development login and consent forms. */
async function passProviderPages(authorizationUrl: string, login: string): Promise<string> {
  const issuerOrigin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    form = undefined;
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== issuerOrigin) return next.href;
      url = next.href;
      continue;
    }
    // A development interaction page: its form posts back to the same address.
    const page = await response.text();
    const prompt = page.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!prompt) throw new Error(`unexpected provider page (${response.status}): ${page.slice(0, 300)}`);
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
