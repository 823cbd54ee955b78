import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Redis } from 'ioredis';
import { createApp } from './app.ts';
import type { RateLimitOverrides } from './app-context.ts';
import { seedDemoWishes } from './contributions/demo-wishes.ts';
import { createAppContext } from './create-app-context.ts';
import { seedDemoData } from './dev/demo-seed.ts';
import { openDatabase } from './lib/db.ts';
import type { Env } from './lib/env.ts';
import { registerInstance } from './lib/instance.ts';
import { createLogger } from './lib/logger.ts';
import { startMailCatcher } from './lib/mail/catcher.ts';
import { createThreadedMailTransport } from './lib/mail/thread-transport.ts';
import { createMailWorker } from './lib/mail/worker.ts';
import { createMetrics } from './lib/metrics.ts';
import { getThirdPartySources } from './lib/security-headers.ts';
import { loadWebBuild } from './lib/web-static.ts';
import { RECONCILE_AFTER_START_JOB } from './payments/reconcile.ts';

/**
 * Starts everything the product needs in one process: database (migrated), mail (catcher when no
 * SMTP_URL) with its outbox worker, and the HTTP server. Returns a `stop` for graceful shutdown.
 */
export async function startServer(env: Env, overrides: { rateLimits?: RateLimitOverrides } = {}) {
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onConnectionError: (error) => logger.warn({ err: error.message }, 'database connection lost'),
  });
  const mailCatcher = env.SMTP_URL ? undefined : await startMailCatcher();
  // Sent from a worker thread in every mode, to the embedded catcher too: development, e2e and the
  // benchmarks (no SMTP_URL) then run production's path. The catcher itself stays on this thread:
  // the dev mailbox (/api/dev/mail) reads its memory, and production never starts it.
  const transport = createThreadedMailTransport(env.SMTP_URL ?? mailCatcher!.smtpUrl, { logger });
  const instance = await registerInstance(database);
  const metrics = createMetrics({ db: database.db, defaultMetrics: true });
  const mailWorker = createMailWorker({
    db: database.db,
    transport,
    from: env.MAIL_FROM,
    logger,
    instanceId: instance.id,
    metrics,
  });
  mailWorker.start();
  // Rate limits only; a Redis that is down makes each server count alone (lib/rate-limit.ts).
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { enableOfflineQueue: false }) : undefined;
  redis?.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));

  const context = createAppContext({
    env,
    db: database.db,
    logger,
    mailCatcher,
    wakeMailWorker: mailWorker.wake,
    redis,
    rateLimits: overrides.rateLimits,
    instanceId: instance.id,
    metrics,
    notifications: database,
  });
  // Other servers' writes to a calendar drop its cached public page here too (decision 016).
  await context.publicCalendars.start();
  // In development the API can run before the first web build (the Vite dev server serves pages).
  const thirdParties = getThirdPartySources({
    stripe: env.PAYMENTS_PROVIDER === 'stripe',
    captcha: env.CAPTCHA_PROVIDER,
  });
  const web =
    env.NODE_ENV === 'development' && !existsSync(env.WEB_DIST)
      ? undefined
      : await loadWebBuild(env.WEB_DIST, thirdParties);
  if (!web) logger.warn({ webDist: env.WEB_DIST }, 'no web build: serving the API only');
  const demo = await seedDemoData(context);
  // The demo calendar gets wishes, so its inbox and page have something to show.
  if (demo) await seedDemoWishes(context.db, demo.email);
  const app = createApp(context, web);
  // Background jobs (background-jobs.ts): settlement, reconciliation, digests, payout recipients.
  await context.jobs.start();
  await context.jobs.enqueue(RECONCILE_AFTER_START_JOB);
  if (context.env.BENCH_DISABLE_CAPTCHA) logger.warn('BENCH_DISABLE_CAPTCHA: contributions skip the captcha');
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info(
    {
      port,
      database: database.kind,
      rateLimits: redis ? 'redis' : 'database',
      mail: mailCatcher ? 'embedded catcher' : 'smtp',
    },
    'server started',
  );

  return {
    port,
    demo,
    mailWorker,
    async stop() {
      // /api/ready answers 503 from now on; the load balancer gets the time to notice before the port closes.
      context.lifecycle.stopping = true;
      if (env.SHUTDOWN_DELAY_SECONDS > 0) {
        logger.info({ seconds: env.SHUTDOWN_DELAY_SECONDS }, 'shutting down: draining');
        await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_SECONDS * 1000));
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Running jobs finish; anything still claimed is handed back for another server.
      await context.jobs.stop();
      await mailWorker.stop();
      await redis?.quit();
      // The transport first (its thread ends once its connections are closed): the catcher's close
      // waits for the transport's pooled connection.
      await transport.close();
      await mailCatcher?.close();
      await context.publicCalendars.stop();
      await instance.stop();
      await database.close();
    },
  };
}
