import { createHmac } from 'node:crypto';
import altcha, { type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, gt, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { hashKey } from '../lib/hash-key.ts';
import { captchaSolutions } from './schema.ts';

export type CaptchaProvider = Env['CAPTCHA_PROVIDER'];

export type CaptchaVerifier = {
  provider: CaptchaProvider;
  /**
   * True when `value` (the widget's token or payload) is a fresh, valid solution. Never throws for a
   * bad value (only when the database fails).
   * A solution works once; `submission` (the form's idempotency key) lets the same submission
   * sent twice (a double click, a retry racing the first) pass again with the same answer.
   */
  verify(value: string, remoteIp?: string, submission?: string): Promise<boolean>;
  /** Only ALTCHA issues challenges itself; the hosted providers serve their own. */
  createChallenge?(): Promise<Challenge>;
};

/**
 * How a provider's values are checked: ALTCHA's on this server (`check` answers the solved
 * challenge, claimed once with its answer), the hosted providers' by asking them (`verify`, after
 * the value is claimed, since their answer takes a round trip).
 */
type SolutionChecker = Pick<CaptchaVerifier, 'provider' | 'createChallenge'> &
  (
    | { check(value: string): Promise<{ key: string; expiresAt: Date } | undefined>; verify?: never }
    | { verify(value: string, remoteIp?: string): Promise<boolean>; check?: never }
  );

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
 * Used values and solved challenges are kept in PostgreSQL (`captcha_solutions`), so a solution
 * works once across every server on the database (decision 015). Rows end with the challenge's
 * lifetime; each server deletes ended rows (one indexed delete) at most once a minute.
 */
const SWEEP_INTERVAL_MS = 60_000;
/** How long the same submission on another server waits for the first verification's answer. */
const SHARED_ANSWER_WAIT_MS = SITEVERIFY_TIMEOUT_MS + 5_000;
const SHARED_ANSWER_POLL_MS = 100;

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

export function createCaptchaVerifier(env: Env, db: Db): CaptchaVerifier {
  const solutions = createSolutionStore(db);
  if (env.CAPTCHA_PROVIDER === 'altcha') {
    return bindToSubmission(solutions, createAltchaVerifier(env.APP_SECRET));
  }
  return bindToSubmission(
    solutions,
    createSiteverifyVerifier(
      env.CAPTCHA_PROVIDER,
      env.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[env.CAPTCHA_PROVIDER],
      env.CAPTCHA_SECRET_KEY ?? '',
    ),
  );
}

type SolutionStore = ReturnType<typeof createSolutionStore>;

/** The shared record of used captcha values and challenges (`captcha_solutions`). */
function createSolutionStore(db: Db) {
  let lastSweepAt = Number.NEGATIVE_INFINITY;

  async function sweep(now: number): Promise<void> {
    if (now - lastSweepAt < SWEEP_INTERVAL_MS) return;
    lastSweepAt = now;
    await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date(now)));
  }

  return {
    /**
     * Takes `key` for `submission` until `expiresAt`, in one statement so that of any number of
     * servers exactly one gets it; false when a live row already holds it (an expired one is
     * taken over).
     */
    async claim(
      key: string,
      submission: string | undefined,
      expiresAt: Date,
      /** The answer, when it was found before the claim (ALTCHA checks locally): no settle then. */
      verified: boolean | null = null,
    ): Promise<boolean> {
      const now = new Date();
      const [claimed] = await db
        .insert(captchaSolutions)
        .values({ key, submission, verified, expiresAt })
        .onConflictDoUpdate({
          target: captchaSolutions.key,
          set: { submission: submission ?? null, verified, expiresAt },
          setWhere: lte(captchaSolutions.expiresAt, now),
        })
        .returning({ key: captchaSolutions.key });
      if (claimed) await sweep(now.getTime());
      return claimed !== undefined;
    },
    async settle(key: string, verified: boolean): Promise<void> {
      await db.update(captchaSolutions).set({ verified }).where(eq(captchaSolutions.key, key));
    },
    async read(key: string) {
      const [row] = await db
        .select({ submission: captchaSolutions.submission, verified: captchaSolutions.verified })
        .from(captchaSolutions)
        .where(and(eq(captchaSolutions.key, key), gt(captchaSolutions.expiresAt, new Date())));
      return row;
    },
  };
}

/**
 * Makes each captcha value single-use across all servers, except for the submission that first
 * used it: the same value with the same submission key shares the first verification's answer
 * (waiting for it while it still runs, on this server without asking the database), so a
 * double-submitted form or a retry racing the first on another server gets the same answer, and
 * any other use is refused at once.
 */
function bindToSubmission(solutions: SolutionStore, verifier: SolutionChecker): CaptchaVerifier {
  const running = new Map<string, { submission?: string; result: Promise<boolean> }>();

  async function verifyOnce(key: string, value: string, remoteIp?: string, rawSubmission?: string): Promise<boolean> {
    // The client's idempotency key is stored hashed (lib/hash-key.ts).
    const submission = rawSubmission === undefined ? undefined : hashKey(rawSubmission);
    if (verifier.check) {
      // Checked here without the database: one statement claims the solved challenge with its answer.
      const solved = await verifier.check(value);
      if (!solved) return false;
      if (await solutions.claim(solved.key, submission, solved.expiresAt, true)) return true;
      return shareEarlierAnswer(solved.key, submission);
    }
    if (await solutions.claim(key, submission, new Date(Date.now() + ALTCHA_CHALLENGE_TTL_MS))) {
      const verified = await verifier.verify!(value, remoteIp);
      await solutions.settle(key, verified);
      return verified;
    }
    return shareEarlierAnswer(key, submission);
  }

  /** Used before: only the same submission shares the first answer, once there is one. */
  async function shareEarlierAnswer(key: string, submission: string | undefined): Promise<boolean> {
    const deadline = Date.now() + SHARED_ANSWER_WAIT_MS;
    for (;;) {
      const earlier = await solutions.read(key);
      if (!earlier || submission === undefined || earlier.submission !== submission) return false;
      if (earlier.verified !== null) return earlier.verified;
      // The first verifier died before answering: the submission is asked to send again.
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, SHARED_ANSWER_POLL_MS));
    }
  }

  return {
    provider: verifier.provider,
    ...(verifier.createChallenge ? { createChallenge: verifier.createChallenge } : {}),
    verify(value, remoteIp, submission) {
      const key = `value:${hashKey(value)}`;
      const local = running.get(key);
      if (local) {
        return local.submission !== undefined && local.submission === submission
          ? local.result
          : Promise.resolve(false);
      }
      const result = verifyOnce(key, value, remoteIp, submission);
      running.set(key, { submission, result });
      const forget = () => running.delete(key);
      result.then(forget, forget);
      return result;
    },
  };
}

/** Separate keys per purpose, so APP_SECRET itself never signs captcha data. */
function deriveSecret(appSecret: string, purpose: string): string {
  return createHmac('sha256', appSecret).update(`firstday:captcha:${purpose}`).digest('hex');
}

function createAltchaVerifier(appSecret: string): SolutionChecker {
  const hmacSignatureSecret = deriveSecret(appSecret, 'altcha-challenge');
  const hmacKeySignatureSecret = deriveSecret(appSecret, 'altcha-key');

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
    async check(value) {
      const payload = PayloadSchema.safeParse(decodePayload(value));
      if (!payload.success) return undefined;
      const { challenge, solution } = payload.data;
      try {
        const result = await altcha.verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        if (!result.verified) return undefined;
      } catch {
        return undefined;
      }
      // The challenge, not the payload's bytes: a re-encoded payload of a used challenge is refused too.
      return {
        key: `altcha:${challenge.parameters.nonce}`,
        expiresAt: new Date(challenge.parameters.expiresAt * 1000),
      };
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
): SolutionChecker {
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
