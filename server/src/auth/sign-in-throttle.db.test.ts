import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createVerifiedUser, TEST_ORIGIN } from '../../test/test-users.ts';
import { createApp } from '../app.ts';
import { createFailureThrottle } from '../lib/failure-throttle.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  // Behind one trusted proxy, so each test chooses the caller's address.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

function signIn(email: string, password: string, ip: string, app = t.app) {
  return app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
}

describe('sign-in throttling', () => {
  it('never locks the owner out because a stranger knows her e-mail address', async () => {
    await createVerifiedUser(t, 'parent@example.com', 'the right password');
    // 40 wrong guesses from 20 places, twice the old per-account lock.
    for (let i = 0; i < 40; i++) {
      const guess = await signIn('parent@example.com', `guess ${i}`, `198.51.100.${i % 20}`);
      expect(guess.status).toBe(401);
    }
    const owner = await signIn('parent@example.com', 'the right password', '203.0.113.50');
    expect(owner.status).toBe(200);
  });

  it('never counts successful sign-ins', async () => {
    await createVerifiedUser(t, 'frequent@example.com', 'the right password');
    for (let i = 0; i < 30; i++) {
      expect((await signIn('frequent@example.com', 'the right password', '203.0.113.51')).status).toBe(200);
    }
  });

  it('slows down one place guessing one account, with a growing wait, and lets the right password through after it', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const throttle = (name: string) =>
      createFailureThrottle(
        t.db,
        name,
        { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
        clock,
      );
    const app = createApp({
      ...t.context,
      throttles: {
        ...t.context.throttles,
        signInPerAccountAndIp: throttle('test-per-account-and-ip'),
        signInPerIp: throttle('test-per-ip'),
      },
    });
    await createVerifiedUser(t, 'typo@example.com', 'the right password');
    const ip = '203.0.113.52';
    for (let i = 0; i < 5; i++) expect((await signIn('typo@example.com', `typo ${i}`, ip, app)).status).toBe(401);
    const waiting = await signIn('typo@example.com', 'the right password', ip, app);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect((await readError(waiting)).code).toBe('rate_limited');

    now += 1_000;
    expect((await signIn('typo@example.com', 'typo again', ip, app)).status).toBe(401);
    // The sixth failure doubles the wait.
    expect((await signIn('typo@example.com', 'the right password', ip, app)).headers.get('retry-after')).toBe('2');
    // Another place is not slowed down at all.
    expect((await signIn('typo@example.com', 'the right password', '203.0.113.53', app)).status).toBe(200);

    now += 2_000;
    expect((await signIn('typo@example.com', 'the right password', ip, app)).status).toBe(200);
    // The success forgot this place's typos.
    expect((await signIn('typo@example.com', 'typo after', ip, app)).status).toBe(401);
  });

  it('slows down one address guessing many accounts', async () => {
    const ip = '203.0.113.54';
    for (let i = 0; i < 30; i++) expect((await signIn(`someone${i}@example.com`, 'guess', ip)).status).toBe(401);
    const next = await signIn('someone-else@example.com', 'guess', ip);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
