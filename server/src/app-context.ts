import { type Auth, createAuth } from './auth/auth.ts';
import { type CaptchaVerifier, createCaptchaVerifier } from './captcha/captcha.ts';
import type { Db } from './lib/db.ts';
import type { Env } from './lib/env.ts';
import type { Logger } from './lib/logger.ts';
import type { MailCatcher } from './lib/mail/catcher.ts';
import type { RateLimitRule } from './lib/rate-limit.ts';
import { createPaymentProvider, type PaymentProvider } from './payments/payment-provider.ts';

/** What route factories receive: configuration, the database and the process's shared services. */
export type AppContext = {
  env: Env;
  db: Db;
  logger: Logger;
  auth: Auth;
  captcha: CaptchaVerifier;
  payments: PaymentProvider;
  /** Present only when the embedded SMTP catcher runs (no SMTP_URL). */
  mailCatcher?: MailCatcher;
  wakeMailWorker(): void;
  rateLimits: {
    subscribe: RateLimitRule;
    authPerAccount: RateLimitRule;
    passwordReset: RateLimitRule;
    support: RateLimitRule;
  };
};

export const DEFAULT_RATE_LIMITS: AppContext['rateLimits'] = {
  subscribe: { limit: 5, windowMs: 10 * 60_000 },
  authPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  passwordReset: { limit: 10, windowMs: 15 * 60_000 },
  support: { limit: 5, windowMs: 10 * 60_000 },
};

export type RateLimitOverrides = Partial<AppContext['rateLimits']>;

export function createAppContext(
  parts: Omit<AppContext, 'auth' | 'captcha' | 'rateLimits' | 'payments'> & {
    rateLimits?: RateLimitOverrides;
    payments?: PaymentProvider;
  },
): AppContext {
  return {
    ...parts,
    payments: parts.payments ?? createPaymentProvider({ env: parts.env, db: parts.db, logger: parts.logger }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...parts.rateLimits },
    auth: createAuth({ env: parts.env, db: parts.db, wakeMailWorker: parts.wakeMailWorker }),
    captcha: createCaptchaVerifier(parts.env),
  };
}
