import type { ApiErrorBody } from '@firstday/common/api-error';
import { createApp } from '../src/app.ts';
import type { RateLimitOverrides } from '../src/app-context.ts';
import { createAppContext } from '../src/create-app-context.ts';
import type { Database } from '../src/lib/db.ts';
import { parseEnv } from '../src/lib/env.ts';
import { registerInstance } from '../src/lib/instance.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { MailCatcher } from '../src/lib/mail/catcher.ts';
import { startMailCatcher } from '../src/lib/mail/catcher.ts';
import { createMailTransport } from '../src/lib/mail/transport.ts';
import { createMailWorker } from '../src/lib/mail/worker.ts';
import { createMetrics } from '../src/lib/metrics.ts';
import type { WebBuild } from '../src/lib/web-static.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The real app on a fresh database with the real SMTP catcher. The mail worker does not poll:
 * tests call `sendQueuedMail()` so they decide when mail goes out. With `web` (from
 * `loadWebBuild`) it serves the web build too. With `database` (from `createTestDatabase`) it runs
 * on that one, and leaves closing it to the caller: two apps on one database are two servers.
 */
export async function createTestApp(
  overrides: {
    rateLimits?: RateLimitOverrides;
    env?: Record<string, string>;
    web?: WebBuild;
    /**
     * Another server on an open database (`TestDatabase.openAnother()`, test-cluster.ts): it is
     * not closed with this app. Without it, a fresh database of its own.
     */
    database?: Database;
    /** An SMTP catcher shared with other apps (not closed with this app). */
    mailCatcher?: MailCatcher;
  } = {},
) {
  const env = parseEnv({ NODE_ENV: 'test', APP_URL: 'http://firstday.test', LOG_LEVEL: 'silent', ...overrides.env });
  const database = overrides.database ?? (await createTestDatabase());
  const mailCatcher = overrides.mailCatcher ?? (await startMailCatcher());
  const logger = createLogger(env.LOG_LEVEL);
  const transport = createMailTransport(mailCatcher.smtpUrl);
  const instance = await registerInstance(database);
  const metrics = createMetrics({ db: database.db });
  const mailWorker = createMailWorker({
    db: database.db,
    transport,
    from: env.MAIL_FROM,
    logger,
    instanceId: instance.id,
    metrics,
  });
  const context = createAppContext({
    env,
    db: database.db,
    logger,
    mailCatcher,
    // Mail goes out when a test calls sendQueuedMail; rows leased to this worker wait for it there.
    wakeMailWorker: (leased) => {
      if (leased) mailWorker.wake(leased);
    },
    rateLimits: overrides.rateLimits,
    instanceId: instance.id,
    metrics,
    notifications: database,
  });
  await context.publicCalendars.start();
  // Queued jobs run in the background as on a server; recurring ones only when a test runs them.
  await context.jobs.start({ recurring: false });
  return {
    app: createApp(context, overrides.web),
    context,
    db: database.db,
    /** Another server instance on this database (e.g. a worker to crash in a test). */
    registerInstance: () => registerInstance(database),
    mailCatcher,
    sendQueuedMail: () => mailWorker.processDue(),
    async close() {
      await context.jobs.stop();
      await context.publicCalendars.stop();
      await instance.stop();
      transport.close();
      if (!overrides.mailCatcher) await mailCatcher.close();
      if (!overrides.database) await database.close();
    },
  };
}

export function postJson(
  app: ReturnType<typeof createApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The error body of a failed response (the API's one error shape). */
export async function readError(response: Response): Promise<ApiErrorBody['error']> {
  return ((await response.json()) as ApiErrorBody).error;
}
