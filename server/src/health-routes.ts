import { timingSafeEqual } from 'node:crypto';
import type { ApiErrorCode } from '@firstday/common/api-error';
import { Hono } from 'hono';
import type { AppContext } from './app-context.ts';
import { findDatabaseProblem } from './lib/db.ts';
import { AppError } from './lib/errors.ts';

/** How long /api/ready waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2_000;

const NOT_READY = {
  shutting_down: 'The server is shutting down.',
  database_unreachable: 'The database does not answer.',
  migrations_pending: 'The database is missing migrations this release needs.',
} as const satisfies Partial<Record<ApiErrorCode, string>>;
type NotReady = keyof typeof NOT_READY;

/**
 * Liveness and readiness for a load balancer or an orchestrator (decision 016). `health` answers
 * while the process serves, whatever the database does (restarting a server does not fix a
 * database); `ready` says whether to send it traffic.
 */
export function createHealthRoutes(context: Pick<AppContext, 'db' | 'lifecycle'>) {
  return new Hono()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/ready', async (c) => {
      const problem = context.lifecycle.stopping ? 'shutting_down' : await checkDatabase(context);
      if (problem) throw new AppError(problem, NOT_READY[problem], 503);
      return c.json({ status: 'ready' });
    });
}

async function checkDatabase(context: Pick<AppContext, 'db'>): Promise<NotReady | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<NotReady>((resolve) => {
    timer = setTimeout(() => resolve('database_unreachable'), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([findDatabaseProblem(context.db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Prometheus metrics, only with METRICS_TOKEN set and sent as `Authorization: Bearer <token>`;
 * otherwise the path does not exist (404), so it tells a stranger nothing.
 */
export function createMetricsRoute(context: Pick<AppContext, 'env' | 'metrics'>) {
  return new Hono().get('/', async (c) => {
    const token = context.env.METRICS_TOKEN;
    if (!token || !isBearer(c.req.header('authorization'), token)) return c.notFound();
    const { registry } = context.metrics;
    c.header('content-type', registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(await registry.metrics());
  });
}

function isBearer(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
