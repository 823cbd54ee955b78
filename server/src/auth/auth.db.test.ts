import type { CurrentUser } from '@firstday/common/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { userProfiles } from '../account/schema.ts';
import { user as users } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, cookie = '') => sendJson(t, 'POST', path, body, cookie);

describe('sign-up and verification', () => {
  it('verifies by the e-mailed link, which signs the user in and lands on /my_calendars', async () => {
    const { cookie } = await createVerifiedUser(t, 'anna@example.com', 'correct horse', 'Anna Maria Smith');
    expect(cookie).toContain('better-auth.session_token');
    const me = await t.app.request('/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      first_name: 'Anna',
      last_name: 'Maria Smith',
      email: 'anna@example.com',
      email_verified: true,
      has_password: true,
      IBAN: null,
      settings: {
        hide_total_default: true,
        hide_sender_names_default: false,
        savings_goal_amount: null,
        savings_goal_currency: null,
      },
    });
  });

  it.each([
    [{ name: '', email: 'x@example.com', password: 'long enough' }, { name: 'Please enter your name.' }],
    [
      { name: 'X', email: 'nope', password: 'long enough' },
      { email: 'Please enter a valid e-mail address, like name@example.com.' },
    ],
    [
      { name: 'X', email: 'x@example.com', password: 'short' },
      { password: 'Your password needs at least 8 characters.' },
    ],
    [
      {},
      {
        name: 'Please enter your name.',
        email: 'Please enter your e-mail address.',
        password: 'Please enter a password.',
      },
    ],
    [
      { name: 'X'.repeat(101), email: 'x@example.com', password: 'long enough' },
      { name: 'A name can be at most 100 characters.' },
    ],
  ])('refuses %j with field messages', async (body, fields) => {
    const response = await post('/api/auth/sign-up/email', body);
    expect(response.status).toBe(400);
    expect(await readError(response)).toEqual({
      code: 'validation_failed',
      message: 'Some fields need your attention.',
      fields,
    });
  });

  it('refuses malformed and oversized bodies with 4xx, never 500', async () => {
    expect((await post('/api/auth/sign-up/email', '{"name":')).status).toBe(400);
    expect((await post('/api/auth/sign-in/email', '{"email":')).status).toBeLessThan(500);
    const huge = await post('/api/auth/sign-in/email', { email: 'a@example.com', password: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect((await post('/api/auth/sign-in/email', {})).status).toBe(400);
    expect((await post('/api/auth/reset-password', { token: 42 })).status).toBe(400);
  });

  it('answers a sign-up for a known address like a new one, and tells the owner by e-mail', async () => {
    await createVerifiedUser(t, 'known@example.com');
    const again = await post('/api/auth/sign-up/email', {
      name: 'Someone',
      email: 'known@example.com',
      password: 'another pass',
    });
    expect(again.status).toBe(200);
    await t.sendQueuedMail();
    const subjects = t.mailCatcher.list('known@example.com').map((mail) => mail.subject);
    expect(subjects).toContain('Someone tried to create a Firstday account with your e-mail');
    expect(await t.db.select().from(users).where(eq(users.email, 'known@example.com'))).toHaveLength(1);
  });
});

describe('verification e-mails for someone else', () => {
  it('sends an address at most 5 an hour, whoever asks, and answers every request the same', async () => {
    const proxied = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    try {
      const signUp = await sendJson(proxied, 'POST', '/api/auth/sign-up/email', {
        name: 'Unsure',
        email: 'not-yet-sure@example.com',
        password: 'correct horse',
      });
      expect(signUp.status).toBe(200);
      const resend = (ip: string) =>
        proxied.app.request('/api/auth/send-verification-email', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://firstday.test', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: 'Not-Yet-Sure@example.com' }),
        });
      // Two seconds apart on the clock better-auth reads, so each request has a token (and an
      // e-mail) of its own: the same token within a second is one e-mail anyway. In the last minute,
      // so that every e-mail is due when the real clock is back.
      const start = Date.now() - 60_000;
      vi.useFakeTimers({ toFake: ['Date'] });
      const answers = [];
      for (let i = 0; i < 12; i++) {
        vi.setSystemTime(start + i * 2000);
        answers.push(await resend(`198.51.100.${i}`));
      }
      vi.useRealTimers();
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
      expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
      const verificationMails = () =>
        proxied.mailCatcher
          .list('not-yet-sure@example.com')
          .filter((mail) => mail.subject === 'Confirm your email for Firstday');
      await expect
        .poll(async () => {
          await proxied.sendQueuedMail();
          return verificationMails().length;
        })
        .toBe(5);
      // Another address is not held back by it.
      await sendJson(proxied, 'POST', '/api/auth/sign-up/email', {
        name: 'Other',
        email: 'someone-else@example.com',
        password: 'correct horse',
      });
      await proxied.sendQueuedMail();
      expect(proxied.mailCatcher.list('someone-else@example.com')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await proxied.close();
    }
  });
});

describe('sign-in', () => {
  it('refuses an unverified address with email_not_verified', async () => {
    await post('/api/auth/sign-up/email', { name: 'U', email: 'unverified@example.com', password: 'correct horse' });
    const response = await post('/api/auth/sign-in/email', {
      email: 'unverified@example.com',
      password: 'correct horse',
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).code).toBe('email_not_verified');
  });

  it('answers the same for a wrong password and an unknown address', async () => {
    await createVerifiedUser(t, 'signin@example.com', 'right password');
    const wrongPassword = await post('/api/auth/sign-in/email', {
      email: 'signin@example.com',
      password: 'wrong password',
    });
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await readError(wrongPassword)).toEqual(await readError(unknown));
    const ok = await post('/api/auth/sign-in/email', { email: 'signin@example.com', password: 'right password' });
    expect(ok.status).toBe(200);
  });

  it('keeps the reset request behind the captcha route', async () => {
    const response = await post('/api/auth/request-password-reset', { email: 'signin@example.com' });
    expect(response.status).toBe(404);
  });

  it('refuses state-changing requests from another website', async () => {
    const response = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'signin@example.com', password: 'right password' }),
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).code).toBe('forbidden_origin');
  });
});

describe('account settings', () => {
  const settings = {
    name: 'Maria Lopez',
    email: 'maria@example.com',
    iban: 'DE89 3704 0044 0532 0130 00',
    savingsGoalAmount: 250_000,
    hideSenderNamesDefault: true,
    hideTotalDefault: false,
  };

  it('saves settings, keeps the IBAN encrypted and shows it masked', async () => {
    const { cookie } = await createVerifiedUser(t, 'maria@example.com', 'correct horse', 'Maria');
    // A new IBAN needs the password (account/change-payout-iban.db.test.ts).
    const saved = await sendJson(t, 'PUT', '/api/account/settings', { ...settings, password: 'correct horse' }, cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez',
      IBAN: 'DE89 •••• •••• •••• 3000',
      settings: {
        savings_goal_amount: 250_000,
        savings_goal_currency: 'usd',
        hide_sender_names_default: true,
        hide_total_default: false,
      },
    });
    const [row] = await t.db.select().from(userProfiles);
    expect(row?.ibanEncrypted).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain('370400440532013000');

    // Leaving `iban` out keeps it; '' clears it.
    const kept = await sendJson(t, 'PUT', '/api/account/settings', { ...settings, iban: undefined }, cookie);
    expect(((await kept.json()) as CurrentUser).IBAN).toBe('DE89 •••• •••• •••• 3000');
    const cleared = await sendJson(t, 'PUT', '/api/account/settings', { ...settings, iban: '' }, cookie);
    expect(((await cleared.json()) as CurrentUser).IBAN).toBeNull();
  });

  it("keeps the savings goal's currency beside it (dollars unless given), and none without a goal", async () => {
    const { cookie } = await createVerifiedUser(t, 'goal@example.com');
    const save = async (goal: { savingsGoalAmount: number | null; savingsGoalCurrency?: string }) => {
      const body = { ...settings, email: 'goal@example.com', iban: undefined, ...goal };
      const response = await sendJson(t, 'PUT', '/api/account/settings', body, cookie);
      expect(response.status).toBe(200);
      return ((await response.json()) as CurrentUser).settings;
    };
    expect(await save({ savingsGoalAmount: 100_000, savingsGoalCurrency: 'eur' })).toMatchObject({
      savings_goal_amount: 100_000,
      savings_goal_currency: 'eur',
    });
    expect(await save({ savingsGoalAmount: 100_000 })).toMatchObject({ savings_goal_currency: 'usd' });
    expect(await save({ savingsGoalAmount: null, savingsGoalCurrency: 'gbp' })).toMatchObject({
      savings_goal_amount: null,
      savings_goal_currency: null,
    });
  });

  it('refuses an invalid IBAN and other bad values with field messages', async () => {
    const { cookie } = await createVerifiedUser(t, 'iban@example.com');
    const response = await sendJson(
      t,
      'PUT',
      '/api/account/settings',
      { ...settings, email: 'iban@example.com', iban: 'DE89370400440532013001', savingsGoalAmount: -5 },
      cookie,
    );
    expect(response.status).toBe(400);
    expect((await readError(response)).fields).toEqual({
      iban: 'This IBAN is not valid: please check it for typos.',
      savingsGoalAmount: 'A savings goal cannot be negative.',
    });
  });

  it('sends a verification link to a new e-mail address and keeps the old one until then', async () => {
    const { cookie } = await createVerifiedUser(t, 'old@example.com');
    const response = await sendJson(
      t,
      'PUT',
      '/api/account/settings',
      { ...settings, email: 'new@example.com', password: 'correct horse battery' },
      cookie,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as CurrentUser & { pending_email?: string };
    expect(body.email).toBe('old@example.com');
    expect(body.pending_email).toBe('new@example.com');
    await t.sendQueuedMail();
    expect(t.mailCatcher.list('new@example.com').length).toBeGreaterThan(0);
  });

  it('only ever shows and changes the signed-in user', async () => {
    const first = await createVerifiedUser(t, 'first@example.com');
    const second = await createVerifiedUser(t, 'second@example.com');
    await sendJson(
      t,
      'PUT',
      '/api/account/settings',
      { ...settings, email: 'second@example.com', name: 'Second', password: 'correct horse battery' },
      second.cookie,
    );
    const me = (await (
      await t.app.request('/api/users/me', { headers: { cookie: first.cookie } })
    ).json()) as CurrentUser;
    expect(me.email).toBe('first@example.com');
    expect(me.IBAN).toBeNull();
    expect((await sendJson(t, 'PUT', '/api/account/settings', settings)).status).toBe(401);
  });

  it('deletes the account after checking the password', async () => {
    const { cookie } = await createVerifiedUser(t, 'leaving@example.com', 'correct horse');
    const wrong = await sendJson(t, 'POST', '/api/account/delete', { password: 'wrong horse' }, cookie);
    expect(wrong.status).toBe(400);
    const deleted = await sendJson(t, 'POST', '/api/account/delete', { password: 'correct horse' }, cookie);
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, 'leaving@example.com'))).toHaveLength(0);
    expect((await t.app.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
  });
});

describe('starting a federated sign-in', () => {
  it('is limited per minute like sign-up, not by better-auth’s 3 in 10 s for /sign-in*', async () => {
    const limited = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '6',
        OIDC_CLIENT_ID: 'firstday-test',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_ISSUER: 'http://127.0.0.1:9',
      },
    });
    try {
      const start = async () =>
        (await sendJson(limited, 'POST', '/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' })).status;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++) statuses.push(await start());
      // A family behind one address gets six starts in a row; the seventh within the minute is refused.
      expect(statuses.slice(0, 6)).not.toContain(429);
      expect(statuses[6]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
