import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Challenge, Solution } from 'altcha-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, postJson, readError } from '../../test/test-app.ts';
import { fetchChallenge, solve } from '../../test/test-captcha.ts';
import { watchStatements } from '../lib/db.ts';
import { ALTCHA_CHALLENGE_TTL_MS } from './captcha.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type DecodedPayload = { challenge: { parameters: Record<string, unknown>; signature?: string }; solution: Solution };

function editPayload(value: string, edit: (payload: DecodedPayload) => void): string {
  const payload = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as DecodedPayload;
  edit(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function verify(t: TestApp, captchaValue: unknown) {
  return postJson(t.app, '/api/captcha/verify', { captchaValue });
}

async function expectCaptchaFailed(response: Response) {
  expect(response.status).toBe(400);
  expect(await readError(response)).toEqual({ code: 'captcha_failed', message: 'Please verify the captcha!' });
}

describe('ALTCHA (default provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('issues a signed, expiring, uncached challenge', async () => {
    const response = await t.app.request('/api/captcha/challenge');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = (await response.json()) as Challenge;
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const secondsLeft = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(ALTCHA_CHALLENGE_TTL_MS / 1000 - 5);
    expect(secondsLeft).toBeLessThanOrEqual(ALTCHA_CHALLENGE_TTL_MS / 1000);
  });

  it('accepts a solved challenge once, then refuses the replay', async () => {
    const value = await solve(await fetchChallenge(t));
    const first = await verify(t, value);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ verified: true });

    await expectCaptchaFailed(await verify(t, value));
    expect(await t.context.captcha.verify(value)).toBe(false);
  });

  it('claims a solved challenge with its answer in one statement, shared only with the same submission', async () => {
    // The first claim of a process may also sweep ended rows (once a minute): not this one.
    expect(await t.context.captcha.verify(await solve(await fetchChallenge(t)))).toBe(true);
    const value = await solve(await fetchChallenge(t));
    const { result, statements } = await watchStatements(() => t.context.captcha.verify(value, undefined, 'form-1'));
    expect(result).toBe(true);
    expect(statements).toHaveLength(1);
    // A double click of the same form passes again; another form with the same solution does not.
    expect(await t.context.captcha.verify(value, undefined, 'form-1')).toBe(true);
    expect(await t.context.captcha.verify(value, undefined, 'form-2')).toBe(false);
    // A bad value costs no statement at all.
    const bad = editPayload(value, (payload) => {
      payload.solution.derivedKey = '00'.repeat(32);
    });
    const refused = await watchStatements(() => t.context.captcha.verify(bad, undefined, 'form-3'));
    expect(refused).toEqual({ result: false, statements: [] });
  });

  it('refuses a tampered payload', async () => {
    const value = await solve(await fetchChallenge(t));
    const longerLife = editPayload(value, (payload) => {
      payload.challenge.parameters.expiresAt = Number(payload.challenge.parameters.expiresAt) + 3600;
    });
    const easierWork = editPayload(value, (payload) => {
      payload.challenge.parameters.cost = 1;
    });
    // The derived key is the proof (its signature is in the challenge); the counter only helps to find it.
    const wrongKey = editPayload(value, (payload) => {
      payload.solution.derivedKey = '00'.repeat(32);
    });
    const unsigned = editPayload(value, (payload) => {
      delete payload.challenge.signature;
    });
    for (const tampered of [longerLife, easierWork, wrongKey, unsigned]) {
      await expectCaptchaFailed(await verify(t, tampered));
    }
    // Untouched, it still works: the failures above did not use it up.
    expect((await verify(t, value)).status).toBe(200);
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = await createTestApp({ env: { APP_SECRET: 'another-secret-of-at-least-thirty-two-chars' } });
    try {
      const value = await solve(await fetchChallenge(other));
      await expectCaptchaFailed(await verify(t, value));
    } finally {
      await other.close();
    }
  });

  it('refuses a solution to an expired challenge', async () => {
    const value = await solve(await fetchChallenge(t));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ALTCHA_CHALLENGE_TTL_MS + 1000);
    await expectCaptchaFailed(await verify(t, value));
  });

  it('refuses garbage with captcha_failed', async () => {
    const garbage = [
      'not base64 at all ✗',
      Buffer.from('{"not":"a payload"}').toString('base64'),
      Buffer.from('[1,2,3]').toString('base64'),
      // The widget's test mode: no challenge, no work.
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
    ];
    for (const value of garbage) await expectCaptchaFailed(await verify(t, value));
  });

  it('answers a missing or malformed body with a validation error', async () => {
    for (const body of [{}, { captchaValue: '' }, { captchaValue: 42 }, { captchaValue: 'x'.repeat(9000) }]) {
      const response = await postJson(t.app, '/api/captcha/verify', body);
      expect(response.status).toBe(400);
      const error = await readError(response);
      expect(error.code).toBe('validation_failed');
      expect(error.fields).toHaveProperty('captchaValue');
    }
    const broken = await postJson(t.app, '/api/captcha/verify', '{"captchaValue":');
    expect(broken.status).toBe(400);
    expect((await readError(broken)).code).toBe('invalid_json');
  });

  // Last in this suite: it uses up the IP's verify allowance.
  it('limits verification attempts per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await verify(t, 'garbage')).status);
    expect(statuses).toContain(429);
    const limited = await verify(t, 'garbage');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await readError(limited)).code).toBe('rate_limited');
  });
});

/** Stands in for Google's and Cloudflare's siteverify: success only for the right secret and token. */
async function startSiteverifyStandIn() {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const token = form.get('response');
      if (token === 'server-error') {
        response.writeHead(500).end('oops');
        return;
      }
      const success =
        request.method === 'POST' && form.get('secret') === 'test-secret' && token?.startsWith('good-token') === true;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(['recaptcha', 'turnstile'] as const)('%s adapter', (provider) => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startSiteverifyStandIn>>;
  beforeAll(async () => {
    standIn = await startSiteverifyStandIn();
    t = await createTestApp({
      env: { CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET_KEY: 'test-secret', CAPTCHA_VERIFY_URL: standIn.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('serves no challenge of its own', async () => {
    const response = await t.app.request('/api/captcha/challenge');
    expect(response.status).toBe(404);
    expect((await readError(response)).code).toBe('not_found');
  });

  it('accepts a token the provider confirms, sending secret, token and client IP', async () => {
    const response = await verify(t, 'good-token');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ verified: true });
    const sent = standIn.requests.at(-1);
    expect(sent?.get('secret')).toBe('test-secret');
    expect(sent?.get('response')).toBe('good-token');

    expect(await t.context.captcha.verify('good-token-2', '203.0.113.7')).toBe(true);
    expect(standIn.requests.at(-1)?.get('remoteip')).toBe('203.0.113.7');
  });

  it('accepts a token once, except again for the same submission', async () => {
    expect(await t.context.captcha.verify('good-token-3', undefined, 'submission-a')).toBe(true);
    const asked = standIn.requests.length;
    expect(await t.context.captcha.verify('good-token-3', undefined, 'submission-a')).toBe(true);
    expect(await t.context.captcha.verify('good-token-3', undefined, 'submission-b')).toBe(false);
    expect(await t.context.captcha.verify('good-token-3')).toBe(false);
    // The provider was asked once: the repeats were answered from the first verification.
    expect(standIn.requests.length).toBe(asked);
  });

  it('refuses a token the provider rejects, and any provider error', async () => {
    await expectCaptchaFailed(await verify(t, 'bad-token'));
    await expectCaptchaFailed(await verify(t, 'server-error'));
  });

  it('refuses when the provider cannot be reached', async () => {
    const unreachable = await createTestApp({
      env: { CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET_KEY: 'test-secret', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/' },
    });
    try {
      await expectCaptchaFailed(await verify(unreachable, 'good-token'));
    } finally {
      await unreachable.close();
    }
  });
});
