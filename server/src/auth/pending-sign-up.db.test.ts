import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createVerifiedUser, readSessionCookie, sendJson } from '../../test/test-users.ts';
import { readVerificationToken } from './pending-sign-up.ts';
import { pendingSignUps, user as users } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

/** The cookies a browser keeps from an answer, as one Cookie header (emptied ones dropped). */
function keptCookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

async function signUp(email: string, password = 'correct horse battery') {
  const response = await sendJson(t, 'POST', '/api/auth/sign-up/email', {
    name: 'Waiting Parent',
    email,
    password,
    callbackURL: '/create_calendar',
  });
  expect(response.status).toBe(200);
  return { response, cookie: keptCookies(response) };
}

async function readLink(email: string): Promise<string> {
  await t.sendQueuedMail();
  const mails = t.mailCatcher.list(email).filter((mail) => mail.subject === 'Confirm your email for Firstday');
  const link = mails.at(-1)?.text.match(/http:\/\/firstday\.test(\/api\/auth\/verify-email\S+)/)?.[1];
  if (!link) throw new Error(`no verification link for ${email}`);
  return link;
}

const poll = (cookie: string) => sendJson(t, 'POST', '/api/auth/pending-sign-up', {}, cookie);

async function currentUser(cookie: string) {
  const response = await t.app.request('/api/auth/get-session', { headers: { cookie } });
  return ((await response.json()) as { user: { email: string; emailVerified: boolean } } | null)?.user ?? null;
}

describe('the sign-up tab waiting for the confirmation', () => {
  it('is signed in once the link was opened in another browser, once', async () => {
    const { response, cookie } = await signUp('laptop@example.com');
    expect(response.headers.getSetCookie().join()).toMatch(/pending_sign_up=[^;]+;.*HttpOnly/i);
    expect(cookie).not.toContain('session_token');

    const before = await poll(cookie);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ verified: false, pending: true });
    expect(before.headers.getSetCookie().join()).not.toContain('session_token');

    // The phone: no cookie of the laptop's.
    const phone = await t.app.request(await readLink('laptop@example.com'));
    expect(phone.status).toBe(302);
    expect(phone.headers.get('location')).toBe('/create_calendar');

    const after = await poll(cookie);
    expect(await after.json()).toEqual({ verified: true, pending: false });
    const session = readSessionCookie(after);
    expect(session).toContain('better-auth.session_token=');
    expect(await currentUser(session)).toMatchObject({ email: 'laptop@example.com', emailVerified: true });

    // The token is spent: the same cookie without the session makes no second session.
    const again = await poll(cookie);
    expect(await again.json()).toEqual({ verified: false, pending: false });
    expect(again.headers.getSetCookie().join()).not.toContain('session_token=');
  });

  it('answers verified for a tab that got its session from the link itself (same browser)', async () => {
    const { cookie } = await signUp('same-browser@example.com');
    const opened = await t.app.request(await readLink('same-browser@example.com'), { headers: { cookie } });
    const both = `${cookie}; ${readSessionCookie(opened)}`;
    expect(await (await poll(both)).json()).toEqual({ verified: true, pending: false });
  });

  it('gives another client nothing: no cookie, a made-up cookie, or a sign-up of the same address', async () => {
    // The owner signs up and waits; someone else knows the address and signs it up too.
    const owner = await signUp('owner@example.com');
    const stranger = await signUp('owner@example.com', 'stranger password');
    expect(stranger.cookie).toContain('pending_sign_up=');
    await t.app.request(await readLink('owner@example.com'));

    // The stranger's tab is told it still waits, as a real sign-up's would be: nothing to tell apart.
    for (const [cookie, pending] of [
      ['', false],
      ['better-auth.pending_sign_up=made-up-token', false],
      [stranger.cookie, true],
    ] as const) {
      const answer = await poll(cookie);
      expect(await answer.json()).toEqual({ verified: false, pending });
      expect(answer.headers.getSetCookie().join()).not.toContain('session_token=');
    }
    // The stranger's row was bound to no account: it can never complete.
    const rows = await t.db.select().from(pendingSignUps);
    expect(rows.filter((row) => row.userId === null).length).toBeGreaterThanOrEqual(1);
    // The owner's tab still completes.
    expect(await (await poll(owner.cookie)).json()).toEqual({ verified: true, pending: false });
  });

  it('does not sign in a tab whose sign-up met an account that was already verified', async () => {
    await createVerifiedUser(t, 'verified-before@example.com');
    const late = await signUp('verified-before@example.com', 'someone else');
    const answer = await poll(late.cookie);
    expect(await answer.json()).toEqual({ verified: false, pending: true });
    expect(answer.headers.getSetCookie().join()).not.toContain('session_token=');
  });

  it('refuses a poll from another website', async () => {
    const { cookie } = await signUp('csrf@example.com');
    await t.app.request(await readLink('csrf@example.com'));
    const forged = await t.app.request('/api/auth/pending-sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie().join()).not.toContain('session_token=');
  });
});

/** A verification token like better-auth's, signed with the test app's secret. */
function signToken(claims: Record<string, unknown>, secret = t.context.env.APP_SECRET): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('a confirmation link that cannot confirm', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const open = (token: string, cookie = '') =>
    t.app.request(`/api/auth/verify-email?token=${token}&callbackURL=%2Fcreate_calendar`, {
      headers: cookie ? { cookie } : {},
    });

  it('reads its own tokens: signature, expiry, address', () => {
    const token = signToken({ email: 'A@example.com', exp: now() + 60 });
    expect(readVerificationToken(token, t.context.env.APP_SECRET)).toMatchObject({
      kind: 'valid',
      email: 'a@example.com',
    });
    expect(readVerificationToken(token, 'another secret of some length')).toEqual({ kind: 'invalid' });
    expect(readVerificationToken('nonsense', t.context.env.APP_SECRET)).toEqual({ kind: 'invalid' });
  });

  it('an expired link leads to the explanation with the address, and a new link can be sent', async () => {
    await signUp('expired@example.com');
    const signedUpInSecond = Math.floor(Date.now() / 1000);
    const [account] = await t.db.select().from(users).where(eq(users.email, 'expired@example.com'));
    const expired = signToken({ email: 'expired@example.com', userId: account?.id, exp: now() - 60 });
    const response = await open(expired);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      '/confirm_email?link=expired&redirect=%2Fcreate_calendar&email=expired%40example.com',
    );
    expect(response.headers.getSetCookie().join()).not.toContain('session_token=');

    // The sign-up's own e-mail is delivered first, so the count below is of the new link alone.
    await t.sendQueuedMail();
    const before = t.mailCatcher.list('expired@example.com').length;
    // A link is signed to the second, and the same link is never e-mailed twice: resend a second on.
    await expect.poll(() => Math.floor(Date.now() / 1000), { timeout: 2000 }).toBeGreaterThan(signedUpInSecond);
    const resend = await sendJson(t, 'POST', '/api/auth/send-verification-email', {
      email: 'expired@example.com',
      callbackURL: '/create_calendar',
    });
    expect(resend.status).toBe(200);
    const fresh = await readLink('expired@example.com');
    expect(t.mailCatcher.list('expired@example.com').length).toBe(before + 1);
    const verified = await t.app.request(fresh);
    expect(verified.headers.get('location')).toBe('/create_calendar');
    expect(readSessionCookie(verified)).toContain('session_token=');
  });

  it('a used link says so instead of dropping the visitor on a login page', async () => {
    await signUp('used@example.com');
    const link = await readLink('used@example.com');
    const first = await t.app.request(link);
    expect(first.headers.get('location')).toBe('/create_calendar');
    const session = readSessionCookie(first);

    const second = await t.app.request(link);
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toBe('/confirm_email?link=used&redirect=%2Fcreate_calendar');
    expect(second.headers.getSetCookie().join()).not.toContain('session_token=');
    // Opened again where it was opened first (signed in), it just goes on.
    const same = await t.app.request(link, { headers: { cookie: session } });
    expect(same.headers.get('location')).toBe('/create_calendar');
  });

  it('a broken link (wrong signature) says it is not valid', async () => {
    const forged = signToken({ email: 'someone@example.com', exp: now() + 600 }, 'not the app secret at all');
    const response = await open(forged);
    expect(response.headers.get('location')).toBe('/confirm_email?link=invalid&redirect=%2Fcreate_calendar');
    expect(response.headers.getSetCookie().join()).not.toContain('session_token=');
  });
});
