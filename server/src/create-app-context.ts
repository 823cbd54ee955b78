import type { AppContext, RateLimitOverrides } from './app-context.ts';
import { createAuth } from './auth/auth.ts';
import { defineBackgroundJobs } from './background-jobs.ts';
import { type CaptchaVerifier, createCaptchaVerifier } from './captcha/captcha.ts';
import { createPublicCalendarCache } from './contributions/public-calendar-cache.ts';
import { createImageGate } from './images/image-gate.ts';
import type { Database } from './lib/db.ts';
import { createFailureThrottle } from './lib/failure-throttle.ts';
import { createJobRunner } from './lib/jobs/runner.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { createRateLimiters } from './lib/rate-limit.ts';
import { definePaymentHandlers } from './payment-handlers.ts';
import { createPaymentProvider } from './payments/create-payment-provider.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';

// The composition root: makes the AppContext every route and job receives (app-context.ts).

export const DEFAULT_RATE_LIMITS: Omit<AppContext['rateLimits'], 'contributionsPerIp' | 'contributionsPerCalendar'> = {
  subscribe: { limit: 5, windowMs: 10 * 60_000 },
  authMailsPerAccountAndIp: { limit: 10, windowMs: 15 * 60_000 },
  resetMailsPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  verificationMailsPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  passwordReset: { limit: 10, windowMs: 15 * 60_000 },
  support: { limit: 5, windowMs: 10 * 60_000 },
  calendarDrafts: { limit: 20, windowMs: 60 * 60_000 },
  thankYouNotes: { limit: 120, windowMs: 10 * 60_000 },
};

const CONTRIBUTION_WINDOW_MS = 10 * 60_000;

/** `BENCH_DISABLE_CAPTCHA` (in production only on the sandbox, see env.ts): the bench's contributors skip the proof of work. */
const benchCaptcha: CaptchaVerifier = { provider: 'altcha', verify: async () => true };

export function createAppContext(
  parts: Omit<
    AppContext,
    | 'auth'
    | 'captcha'
    | 'limiters'
    | 'rateLimits'
    | 'throttles'
    | 'payments'
    | 'paymentHandlers'
    | 'publicCalendars'
    | 'jobs'
    | 'metrics'
    | 'lifecycle'
    | 'imageGate'
  > & {
    /** The registered server instance (lib/instance.ts) this process claims jobs for. */
    instanceId: string;
    rateLimits?: RateLimitOverrides;
    payments?: PaymentProvider;
    metrics?: Metrics;
    /**
     * The database's LISTEN/NOTIFY: public calendar invalidations reach every server. Call
     * `publicCalendars.start()` to listen (until then the cache is bypassed).
     */
    notifications?: Pick<Database, 'notify' | 'listen'>;
  },
): AppContext {
  const { instanceId, notifications, ...shared } = parts;
  const limiters = createRateLimiters({ db: parts.db, redis: parts.redis });
  const rateLimits: AppContext['rateLimits'] = {
    ...DEFAULT_RATE_LIMITS,
    contributionsPerIp: { limit: parts.env.CONTRIBUTION_RATE_LIMIT_PER_IP, windowMs: CONTRIBUTION_WINDOW_MS },
    contributionsPerCalendar: {
      limit: parts.env.CONTRIBUTION_RATE_LIMIT_PER_CALENDAR,
      windowMs: CONTRIBUTION_WINDOW_MS,
    },
    ...parts.rateLimits,
  };
  const context: AppContext = {
    ...shared,
    metrics: parts.metrics ?? createMetrics({ db: parts.db }),
    lifecycle: { stopping: false },
    imageGate: createImageGate({
      concurrency: parts.env.IMAGE_PROCESSING_CONCURRENCY,
      queueLength: parts.env.IMAGE_PROCESSING_QUEUE,
    }),
    instanceId,
    jobs: createJobRunner({
      db: parts.db,
      logger: parts.logger,
      instanceId,
      definitions: defineBackgroundJobs(() => context),
    }),
    payments: parts.payments ?? createPaymentProvider({ env: parts.env, db: parts.db, logger: parts.logger }),
    paymentHandlers: definePaymentHandlers(() => context),
    publicCalendars: createPublicCalendarCache({ notifications, logger: parts.logger }),
    limiters,
    rateLimits,
    throttles: {
      // One address guessing many accounts (credential stuffing): room for a family behind one IP.
      signInPerIp: createFailureThrottle(parts.db, 'sign-in-per-ip', {
        freeFailures: 30,
        baseDelayMs: 1_000,
        maxDelayMs: 15 * 60_000,
        forgetAfterMs: 60 * 60_000,
      }),
      // Someone mistyping, or guessing one account: 5 free tries, then waits from 1 s doubling to 15 min.
      signInPerAccountAndIp: createFailureThrottle(parts.db, 'sign-in-per-account-and-ip', {
        freeFailures: 5,
        baseDelayMs: 1_000,
        maxDelayMs: 15 * 60_000,
        forgetAfterMs: 60 * 60_000,
      }),
      // A stolen session guessing the password: 5 free tries, then waits from 2 s doubling to 15 min.
      passwordConfirmation: createFailureThrottle(parts.db, 'password-confirmation', {
        freeFailures: 5,
        baseDelayMs: 2_000,
        maxDelayMs: 15 * 60_000,
        forgetAfterMs: 60 * 60_000,
      }),
    },
    auth: createAuth({
      env: parts.env,
      db: parts.db,
      wakeMailWorker: parts.wakeMailWorker,
      verificationMails: limiters.create('verification-mails-per-account', rateLimits.verificationMailsPerAccount),
    }),
    // env.ts refuses BENCH_DISABLE_CAPTCHA in production unless payments are the sandbox's.
    captcha: parts.env.BENCH_DISABLE_CAPTCHA ? benchCaptcha : createCaptchaVerifier(parts.env, parts.db),
  };
  return context;
}
