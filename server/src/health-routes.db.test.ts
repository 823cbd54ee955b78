import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, readError } from '../test/test-app.ts';
import { createApp } from './app.ts';
import type { Db } from './lib/db.ts';
import { enqueueJob } from './lib/jobs/queue.ts';
import { jobs } from './lib/jobs/schema.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok without asking the database (liveness)', async () => {
    const broken = createApp({ ...t.context, db: createUnreachableDb() });
    const response = await broken.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('answers ready when the database answers and every migration is applied', async () => {
    const response = await t.app.request('/api/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 when the database does not answer', async () => {
    const response = await createApp({ ...t.context, db: createUnreachableDb() }).request('/api/ready');
    expect(response.status).toBe(503);
    expect((await readError(response)).code).toBe('database_unreachable');
  });

  it('answers 503 while a migration of this release is missing', async () => {
    const [latest] = (
      (await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
            returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: number | string }[] }
    ).rows;
    try {
      const response = await t.app.request('/api/ready');
      expect(response.status).toBe(503);
      expect(await readError(response)).toEqual({
        code: 'migrations_pending',
        message: 'The database is missing migrations this release needs.',
      });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${latest!.hash}, ${latest!.created_at})`,
      );
    }
    expect((await t.app.request('/api/ready')).status).toBe(200);
  });

  it('answers 503 once graceful shutdown begins, so the load balancer drains this server', async () => {
    t.context.lifecycle.stopping = true;
    try {
      const response = await t.app.request('/api/ready');
      expect(response.status).toBe(503);
      expect((await readError(response)).code).toBe('shutting_down');
      expect((await t.app.request('/api/health')).status).toBe(200);
    } finally {
      t.context.lifecycle.stopping = false;
    }
  });
});

describe('GET /metrics', () => {
  const scrape = (authorization?: string) =>
    t.app.request('/metrics', { headers: authorization ? { authorization } : {} });

  it('does not exist without the bearer token', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape('Bearer wrong-token-of-the-same-size')).status).toBe(404);
    expect((await scrape(METRICS_TOKEN)).status).toBe(404);
  });

  it('does not exist at all without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.request('/metrics', { headers: { authorization: 'Bearer ' } })).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('counts requests by matched route, e-mails by outcome, and reads payments and the outbox', async () => {
    await t.app.request('/api/health');
    await t.app.request('/api/public/calendars/no-such-calendar-slug');
    const subscribed = await postJson(t.app, '/api/emails/subscribe', { email: 'metrics@example.com' });
    expect(subscribed.status).toBe(200);

    const queued = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
    expect(queued).toContain('firstday_mail_outbox_messages{status="pending"} 1');
    expect(queued).toMatch(/firstday_mail_outbox_oldest_pending_age_seconds \d/);

    await t.sendQueuedMail();
    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /firstday_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(text).toContain(
      'firstday_http_request_duration_seconds_count{method="GET",route="/api/public/calendars/:slug",status="404"} 1',
    );
    expect(text).not.toContain('no-such-calendar-slug');
    expect(text).toContain('firstday_emails_total{outcome="sent"} 1');
    expect(text).toContain('firstday_mail_outbox_messages{status="pending"} 0');
    expect(text).toContain('firstday_mail_outbox_oldest_pending_age_seconds 0');
    expect(text).toContain('# TYPE firstday_payments gauge');
    expect(text).toContain('firstday_jobs_oldest_due_age_seconds 0');
  });

  it('reports due background jobs by name and how long the oldest has waited', async () => {
    await t.context.jobs.stop();
    try {
      await enqueueJob(t.db, 'settle-calendar', 'metrics-calendar', new Date(Date.now() - 90_000));
      const text = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
      expect(text).toContain('firstday_jobs_due{name="settle-calendar"} 1');
      expect(Number(text.match(/^firstday_jobs_oldest_due_age_seconds (\S+)$/m)?.[1])).toBeGreaterThanOrEqual(89);
    } finally {
      await t.db.delete(jobs);
      await t.context.jobs.start({ recurring: false });
    }
  });
});

/** A database whose every query fails, as when the server is down. */
function createUnreachableDb(): Db {
  return {
    execute: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
  } as unknown as Db;
}
