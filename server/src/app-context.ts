import type { Redis } from 'ioredis';
import type { Auth } from './auth/auth.ts';
import type { CaptchaVerifier } from './captcha/captcha.ts';
import type { PublicCalendarCache } from './contributions/public-calendar-cache.ts';
import type { ImageGate } from './images/image-gate.ts';
import type { Db } from './lib/db.ts';
import type { Env } from './lib/env.ts';
import type { FailureThrottle } from './lib/failure-throttle.ts';
import type { JobRunner } from './lib/jobs/runner.ts';
import type { Logger } from './lib/logger.ts';
import type { MailCatcher } from './lib/mail/catcher.ts';
import type { LeasedMail } from './lib/mail/outbox.ts';
import type { Metrics } from './lib/metrics.ts';
import type { RateLimiters, RateLimitRule } from './lib/rate-limit.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { PaymentPurposeHandlers } from './payments/payment-transitions.ts';

// The type every feature receives. It is made in one place, the composition root
// (create-app-context.ts), which imports the features; this file imports only their types.

/** What route factories receive: configuration, the database and the process's shared services. */
export type AppContext = {
  env: Env;
  db: Db;
  logger: Logger;
  auth: Auth;
  captcha: CaptchaVerifier;
  payments: PaymentProvider;
  /** What each feature does when its payment succeeds, fails or is refunded (payment-handlers.ts). */
  paymentHandlers: PaymentPurposeHandlers;
  /** Public calendar reads, invalidated on every write to that calendar (on every server). */
  publicCalendars: PublicCalendarCache;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
  /** This process's cap on photos decoded and waiting at once (images/image-gate.ts). */
  imageGate: ImageGate;
  /** `stopping` turns true when graceful shutdown begins: /api/ready then answers 503. */
  lifecycle: { stopping: boolean };
  /** Present only when the embedded SMTP catcher runs (no SMTP_URL). */
  mailCatcher?: MailCatcher;
  /**
   * Sends queued mail now instead of at the next poll; with `leased`, rows enqueueLeasedMails
   * queued for this server's worker (no claim needed). Call after the enqueue commits.
   */
  wakeMailWorker(leased?: LeasedMail[]): void;
  /** This server's registered instance (lib/instance.ts): what its jobs and mail leases are taken for. */
  instanceId: string;
  /** Background jobs, claimed by one server each (background-jobs.ts, lib/jobs/runner.ts). */
  jobs: JobRunner;
  /** Redis for the rate limits when REDIS_URL is set (else they live in the database). */
  redis?: Redis;
  /** Makes the limiters for `rateLimits` and the fixed ones, counted in the shared store (lib/rate-limit.ts). */
  limiters: RateLimiters;
  rateLimits: {
    subscribe: RateLimitRule;
    /**
     * Verification and reset e-mails asked for one address from one IP. Per address and IP, so a
     * stranger cannot use up the owner's allowance.
     */
    authMailsPerAccountAndIp: RateLimitRule;
    /** Reset e-mails actually sent to one address, whoever asks: beyond it requests are answered but not sent. */
    resetMailsPerAccount: RateLimitRule;
    /** Verification e-mails actually sent to one address, whoever asks or however (sign-up, resend, federated). */
    verificationMailsPerAccount: RateLimitRule;
    passwordReset: RateLimitRule;
    support: RateLimitRule;
    /** New calendars per account: a draft is cheap to make, so scripts must not make thousands. */
    calendarDrafts: RateLimitRule;
    /** Thank-you sends per account (one note, or one to everyone not yet thanked). */
    thankYouNotes: RateLimitRule;
    contributionsPerIp: RateLimitRule;
    contributionsPerCalendar: RateLimitRule;
  };
  /**
   * Wrong passwords slow the guesser down (lib/failure-throttle.ts), counted in the database for all
   * servers. Sign-in counts per IP and per account and IP, never per account alone: a stranger's
   * failures must not lock the owner out.
   * `passwordConfirmation` is keyed by user (the guesser holds that user's session).
   */
  throttles: {
    signInPerIp: FailureThrottle;
    signInPerAccountAndIp: FailureThrottle;
    passwordConfirmation: FailureThrottle;
  };
};

export type RateLimitOverrides = Partial<AppContext['rateLimits']>;
