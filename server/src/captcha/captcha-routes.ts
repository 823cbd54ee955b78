import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { limitByIp, type RateLimitRule } from '../lib/rate-limit.ts';

// Verifying costs the server little, but a guessing loop should still hit a wall quickly.
const VERIFY_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60_000 };
// Each challenge costs one PBKDF2 run on the server; generous for people, a ceiling for floods.
const CHALLENGE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60_000 };

/** Tokens of the hosted providers reach about 2 kB; an ALTCHA payload is under 1 kB. */
const VerifyRequestSchema = z.object({ captchaValue: z.string().trim().min(1).max(8_192) });

export function captchaFailed(): AppError {
  return new AppError('captcha_failed', 'Please verify the captcha!', 400);
}

export function createCaptchaRoutes(context: AppContext) {
  const { captcha } = context;
  const trustProxy = context.env.TRUST_PROXY;
  const challengesPerIp = context.limiters.create('captcha-challenges-per-ip', CHALLENGE_RATE_LIMIT);
  const verificationsPerIp = context.limiters.create('captcha-verifications-per-ip', VERIFY_RATE_LIMIT);
  return new Hono()
    .get('/challenge', limitByIp(challengesPerIp, trustProxy), async (c) => {
      if (!captcha.createChallenge) throw AppError.notFound('This captcha provider serves its own challenges.');
      c.header('Cache-Control', 'no-store');
      return c.json(await captcha.createChallenge());
    })
    .post('/verify', limitByIp(verificationsPerIp, trustProxy), async (c) => {
      const { captchaValue } = await readJsonBody(c, VerifyRequestSchema);
      if (!(await captcha.verify(captchaValue, getClientIp(c, trustProxy)))) throw captchaFailed();
      return c.json({ verified: true });
    });
}
