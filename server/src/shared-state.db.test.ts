import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, readError } from '../test/test-app.ts';
import { solveCaptcha } from '../test/test-captcha.ts';
import { createActiveCalendar, makeContribution } from '../test/test-contributions.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createVerifiedUser, TEST_ORIGIN } from '../test/test-users.ts';
import type { CaptchaVerifier } from './captcha/captcha.ts';
import { contributions } from './contributions/schema.ts';
import type { Database } from './lib/db.ts';

/**
 * Two app servers on one database (issue 12, decision 015): what one of them counts or uses up
 * holds on the other. Each has its own context, as a second process would.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let peer: TestApp;
let database: TestDatabase;
let peerDatabase: Database;

const CONTRIBUTIONS_PER_IP = 4;
const AUTH_LIMIT_PER_MINUTE = 3;

beforeAll(async () => {
  // Behind one trusted proxy, so each test chooses the caller's address.
  const env = {
    CONTRIBUTION_RATE_LIMIT_PER_IP: String(CONTRIBUTIONS_PER_IP),
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT_PER_MINUTE),
    TRUST_PROXY: 'true',
  };
  database = await createTestDatabase();
  t = await createTestApp({ env, database });
  // On PostgreSQL its own pool, as a second server process has.
  peerDatabase = await database.openAnother();
  peer = await createTestApp({ env, database: peerDatabase });
});
afterAll(async () => {
  await peer?.close();
  await peerDatabase?.close();
  await t?.close();
  await database?.close();
});

/** Alternates between the two servers, as a round-robin load balancer does. */
function server(i: number) {
  return i % 2 === 0 ? t.app : peer.app;
}

function post(app: TestApp['app'], path: string, body: unknown, ip: string) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

describe('two servers on one database', () => {
  it('hold the per-IP contribution limit together: limit N lets exactly N through in all', async () => {
    const { calendar } = await createActiveCalendar(t);
    const bodies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => makeContribution(t, { captchaValue: `any-${i}` })),
    );
    // The captcha is not what is tested here (below it is): both servers accept any value.
    const anyCaptcha: CaptchaVerifier = { provider: 'altcha', verify: async () => true };
    const realCaptchas = [t.context.captcha, peer.context.captcha] as const;
    t.context.captcha = anyCaptcha;
    peer.context.captcha = anyCaptcha;
    try {
      const responses = await Promise.all(
        bodies.map((body, i) =>
          post(server(i), `/api/public/calendars/${calendar.slug}/contributions`, body, '198.51.100.20'),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(CONTRIBUTIONS_PER_IP);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10 - CONTRIBUTIONS_PER_IP);
      const refused = responses.find((response) => response.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await readError(refused)).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      const saved = await t.db.select().from(contributions).where(eq(contributions.calendarId, calendar.id));
      expect(saved).toHaveLength(CONTRIBUTIONS_PER_IP);
    } finally {
      [t.context.captcha, peer.context.captcha] = realCaptchas;
    }
  });

  it('accept a captcha solution once in all', async () => {
    const value = await solveCaptcha(t);
    expect((await postJson(t.app, '/api/captcha/verify', { captchaValue: value })).status).toBe(200);
    const replay = await postJson(peer.app, '/api/captcha/verify', { captchaValue: value });
    expect(replay.status).toBe(400);
    expect((await readError(replay)).code).toBe('captcha_failed');

    // The same payload re-encoded (other bytes, same solved challenge) is refused as well.
    const decoded = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
    const reencoded = Buffer.from(JSON.stringify(decoded, null, 1)).toString('base64');
    expect(await peer.context.captcha.verify(reencoded)).toBe(false);

    // Sent to both at the same moment by two submissions: exactly one is accepted.
    const raced = await solveCaptcha(t);
    const answers = await Promise.all([
      t.context.captcha.verify(raced, undefined, 'submission-a'),
      peer.context.captcha.verify(raced, undefined, 'submission-b'),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('give the same submission retried on the other server the same answer', async () => {
    const value = await solveCaptcha(t);
    const answers = await Promise.all([
      t.context.captcha.verify(value, undefined, 'submission-c'),
      peer.context.captcha.verify(value, undefined, 'submission-c'),
    ]);
    expect(answers).toEqual([true, true]);
    expect(await peer.context.captcha.verify(value, undefined, 'submission-c')).toBe(true);
    expect(await peer.context.captcha.verify(value, undefined, 'submission-d')).toBe(false);
  });

  it('share the sign-in failure throttle', async () => {
    await createVerifiedUser(t, 'shared-parent@example.com', 'the right password');
    const ip = '203.0.113.60';
    const signIn = (i: number, password: string) =>
      post(server(i), '/api/auth/sign-in/email', { email: 'shared-parent@example.com', password }, ip);
    // Five free failures per account and IP, spread over both servers.
    for (let i = 0; i < 5; i++) expect((await signIn(i, `guess ${i}`)).status).toBe(401);
    for (const i of [0, 1]) {
      const waiting = await signIn(i, 'the right password');
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it("share better-auth's own rate limits", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT_PER_MINUTE; i++) {
      const response = await post(
        server(i),
        '/api/auth/send-verification-email',
        { email: 'nobody@example.com' },
        '203.0.113.61',
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, AUTH_LIMIT_PER_MINUTE)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
