import { createHash, createHmac } from 'node:crypto';
import altcha, { type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Env } from '../lib/env.ts';

export type CaptchaProvider = Env['CAPTCHA_PROVIDER'];

export type CaptchaVerifier = {
  provider: CaptchaProvider;
  /**
   * True when `value` (the widget's token or payload) is a fresh, valid solution. Never throws.
   * A solution works once; `submission` (the form's idempotency key) lets the same submission
   * sent twice (a double click, a retry racing the first) pass again with the same answer.
   */
  verify(value: string, remoteIp?: string, submission?: string): Promise<boolean>;
  /** Only ALTCHA issues challenges itself; the hosted providers serve their own. */
  createChallenge?(): Promise<Challenge>;
};

const SITEVERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

const SITEVERIFY_TIMEOUT_MS = 5_000;

/**
 * Proof-of-work size. Deterministic mode: the server derives the key for a random counter and
 * the client has to find that counter, so the work is (counter + 1) PBKDF2 runs of `cost`
 * iterations, split over the widget's workers. About 0.1-0.3 s on a mid-range phone: enough
 * to make bulk requests cost CPU, small enough that people do not wait.
 */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_COST = 200;
const ALTCHA_COUNTER_MIN = 200;
const ALTCHA_COUNTER_MAX = 1_000;
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * Solved challenges are remembered in this process's memory until they expire, so a payload
 * works once. One server process is the deployment model (as for the rate limits,
 * docs/decisions/003-in-memory-rate-limits.md); several processes would need a shared store.
 * A restart forgets them, which only re-opens payloads that are at most 10 minutes old.
 */
const MAX_REMEMBERED_CHALLENGES = 200_000;

const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string().regex(/^[0-9a-f]{32}$/),
      salt: z.string().regex(/^[0-9a-f]{32}$/),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

const SiteverifyResponseSchema = z.object({ success: z.boolean() });

export function createCaptchaVerifier(env: Env): CaptchaVerifier {
  if (env.CAPTCHA_PROVIDER === 'altcha') return bindToSubmission(createAltchaVerifier(env.APP_SECRET));
  return bindToSubmission(
    createSiteverifyVerifier(
      env.CAPTCHA_PROVIDER,
      env.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[env.CAPTCHA_PROVIDER],
      env.CAPTCHA_SECRET_KEY ?? '',
    ),
  );
}

/**
 * Makes each captcha value single-use, except for the submission that first used it: the same
 * value with the same submission key shares the first verification's answer (even while it is
 * still running), so a double-submitted form needs no waiting or polling, and any other use is
 * refused at once. Kept in this process's memory like the rest of the captcha state.
 */
function bindToSubmission(verifier: CaptchaVerifier): CaptchaVerifier {
  const seen = new Map<string, { submission?: string; expiresAt: number; result: Promise<boolean> }>();
  return {
    ...verifier,
    verify(value, remoteIp, submission) {
      const now = Date.now();
      const key = createHash('sha256').update(value).digest('base64url');
      const earlier = seen.get(key);
      if (earlier && earlier.expiresAt > now) {
        return earlier.submission !== undefined && earlier.submission === submission
          ? earlier.result
          : Promise.resolve(false);
      }
      if (seen.size >= MAX_REMEMBERED_CHALLENGES) {
        for (const [staleKey, stale] of seen) if (stale.expiresAt <= now) seen.delete(staleKey);
        if (seen.size >= MAX_REMEMBERED_CHALLENGES) seen.delete(seen.keys().next().value!);
      }
      const result = verifier.verify(value, remoteIp);
      seen.set(key, { submission, expiresAt: now + ALTCHA_CHALLENGE_TTL_MS, result });
      return result;
    },
  };
}

/** Separate keys per purpose, so APP_SECRET itself never signs captcha data. */
function deriveSecret(appSecret: string, purpose: string): string {
  return createHmac('sha256', appSecret).update(`firstday:captcha:${purpose}`).digest('hex');
}

function createAltchaVerifier(appSecret: string): CaptchaVerifier {
  const hmacSignatureSecret = deriveSecret(appSecret, 'altcha-challenge');
  const hmacKeySignatureSecret = deriveSecret(appSecret, 'altcha-key');
  const usedChallenges = new Map<string, number>();

  /** Records a solved challenge; false when it was already used (synchronous, hence atomic). */
  function markUsed(nonce: string, expiresAtMs: number): boolean {
    const now = Date.now();
    if ((usedChallenges.get(nonce) ?? 0) > now) return false;
    if (usedChallenges.size >= MAX_REMEMBERED_CHALLENGES) {
      for (const [key, expiry] of usedChallenges) if (expiry <= now) usedChallenges.delete(key);
    }
    // Still full after the sweep: forget the oldest (insertion order is expiry order, all
    // challenges live equally long). Replaying it would first take that many fresh solutions.
    if (usedChallenges.size >= MAX_REMEMBERED_CHALLENGES) {
      const oldest = usedChallenges.keys().next().value;
      if (oldest !== undefined) usedChallenges.delete(oldest);
    }
    usedChallenges.set(nonce, expiresAtMs);
    return true;
  }

  return {
    provider: 'altcha',
    createChallenge() {
      return altcha.createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        counter: altcha.randomInt(ALTCHA_COUNTER_MAX, ALTCHA_COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify(value) {
      const payload = PayloadSchema.safeParse(decodePayload(value));
      if (!payload.success) return false;
      const { challenge, solution } = payload.data;
      try {
        const result = await altcha.verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      return markUsed(challenge.parameters.nonce, challenge.parameters.expiresAt * 1000);
    },
  };
}

/** The widget sends base64 of the JSON payload; anything else is simply not a solution. */
function decodePayload(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}

/** reCAPTCHA and Turnstile share the siteverify protocol: form-encoded secret + response (+ remoteip). */
function createSiteverifyVerifier(
  provider: Exclude<CaptchaProvider, 'altcha'>,
  url: string,
  secret: string,
): CaptchaVerifier {
  return {
    provider,
    async verify(value, remoteIp) {
      const body = new URLSearchParams({ secret, response: value });
      if (remoteIp && remoteIp !== 'unknown') body.set('remoteip', remoteIp);
      try {
        const response = await fetch(url, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const result = SiteverifyResponseSchema.safeParse(await response.json());
        return result.success && result.data.success;
      } catch {
        return false;
      }
    },
  };
}
