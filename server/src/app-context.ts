import type { Db } from './lib/db.ts';
import type { Env } from './lib/env.ts';
import type { Logger } from './lib/logger.ts';
import type { MailCatcher } from './lib/mail/catcher.ts';
import type { RateLimitRule } from './lib/rate-limit.ts';

/** What route factories receive: configuration, the database and the process's shared services. */
export type AppContext = {
  env: Env;
  db: Db;
  logger: Logger;
  /** Present only when the embedded SMTP catcher runs (no SMTP_URL). */
  mailCatcher?: MailCatcher;
  wakeMailWorker(): void;
  rateLimits: { subscribe: RateLimitRule };
};

export const DEFAULT_RATE_LIMITS: AppContext['rateLimits'] = {
  subscribe: { limit: 5, windowMs: 10 * 60_000 },
};
