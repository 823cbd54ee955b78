import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export const TEST_ORIGIN = 'http://firstday.test';

/** Sends JSON like the web app does: same origin, optional session cookie. */
export function sendJson(t: TestApp, method: string, path: string, body: unknown, cookie = '') {
  return t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function readSessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs up, opens the verification link from the caught e-mail, and returns the session cookie. */
export async function createVerifiedUser(
  t: TestApp,
  email: string,
  password = 'correct horse battery',
  name = 'Test Parent',
) {
  const signUp = await sendJson(t, 'POST', '/api/auth/sign-up/email', {
    name,
    email,
    password,
    callbackURL: '/my_calendars',
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await t.sendQueuedMail();
  const mail = t.mailCatcher.list(email).find((message) => message.subject === 'Confirm your email for Firstday');
  const link = mail?.text.match(/http:\/\/firstday\.test(\/api\/auth\/verify-email\S+)/)?.[1];
  if (!link) throw new Error(`no verification link for ${email}`);
  const verify = await t.app.request(link);
  return { cookie: readSessionCookie(verify), email, password };
}
