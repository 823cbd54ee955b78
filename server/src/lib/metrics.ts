import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, getStatementCount } from './db.ts';

export type MailOutcome = 'sent' | 'retry' | 'failed';

export type Metrics = {
  registry: Registry;
  /** One answered HTTP request; `route` is the matched route pattern (e.g. `/api/calendars/:id`), never the raw path. */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  /** One e-mail send attempt: sent, failed and retried later, or failed for good. */
  countMail(outcome: MailOutcome): void;
  /** One declined payment attempt, by purpose and the provider's decline code. */
  countDecline(purpose: string, reason: string): void;
  /** One payment attempt refused before the provider was asked, by the rule that fired (payment-guard.ts). */
  countPaymentRefusal(purpose: string, rule: string): void;
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Prometheus metrics of one server process, served at /metrics (decision 016). Request and e-mail
 * counts are kept in memory; the payment and outbox gauges are read from the database at scrape
 * time, so every server reports the same shared figures (sum by server, not across them).
 */
export function createMetrics(options: { db: Db; defaultMetrics?: boolean }): Metrics {
  const { db } = options;
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'firstday_http_request_duration_seconds',
    help: 'HTTP requests by method, matched route and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const emails = new Counter({
    name: 'firstday_emails_total',
    help: "E-mail send attempts by outcome: 'sent', 'retry' (failed, tried again later), 'failed' (given up)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const declines = new Counter({
    name: 'firstday_payment_declines_total',
    help: "Declined payment attempts by purpose ('fee', 'gift') and the provider's decline code",
    labelNames: ['purpose', 'reason'] as const,
    registers: [registry],
  });

  const paymentRefusals = new Counter({
    name: 'firstday_payment_refusals_total',
    help: 'Payment attempts refused or sent to a captcha before reaching the provider, by purpose and rule (decision 022)',
    labelNames: ['purpose', 'rule'] as const,
    registers: [registry],
  });

  new Counter({
    name: 'firstday_db_statements_total',
    help: "Statements this process's database connections have sent (each a round trip; BEGIN, COMMIT and ROLLBACK included)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(getStatementCount());
    },
  });

  new Gauge({
    name: 'firstday_payments',
    help: 'Payments in the database by purpose and status',
    labelNames: ['purpose', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ purpose: string; status: string; count: number | string }>(
        db,
        sql`select purpose, status, count(*) as count from payments group by purpose, status`,
      );
      for (const row of rows ?? []) this.set({ purpose: row.purpose, status: row.status }, Number(row.count));
    },
  });

  new Gauge({
    name: 'firstday_mail_outbox_messages',
    help: "E-mails in the outbox not sent: 'pending' (waiting or to retry), 'sending' (claimed), 'failed' (given up)",
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ status: string; count: number | string }>(
        db,
        sql`select status, count(*) as count from mail_outbox where status in ('pending', 'sending', 'failed') group by status`,
      );
      if (!rows) return;
      for (const status of ['pending', 'sending', 'failed']) {
        this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
      }
    },
  });

  new Gauge({
    name: 'firstday_mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail waiting to be sent (pending or sending), 0 when none waits',
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ age: number | string | null }>(
        db,
        sql`select extract(epoch from now() - min(created_at)) as age from mail_outbox where status in ('pending', 'sending')`,
      );
      if (rows) this.set(Number(rows[0]?.age ?? 0));
    },
  });

  new Gauge({
    name: 'firstday_jobs_due',
    help: 'Background jobs due now and not finished (lib/jobs), by job name',
    labelNames: ['name'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ name: string; count: number | string }>(
        db,
        sql`select name, count(*) as count from jobs where run_at <= now() group by name`,
      );
      for (const row of rows ?? []) this.set({ name: row.name }, Number(row.count));
    },
  });

  new Gauge({
    name: 'firstday_jobs_oldest_due_age_seconds',
    help: 'How long the longest-waiting due background job has been due, 0 when none is',
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ age: number | string | null }>(
        db,
        sql`select extract(epoch from now() - min(run_at)) as age from jobs where run_at <= now()`,
      );
      if (rows) this.set(Number(rows[0]?.age ?? 0));
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requestDuration.observe(
        { method: METHODS.has(method) ? method : 'other', route: route || 'unmatched', status: String(status) },
        seconds,
      );
    },
    countMail(outcome) {
      emails.inc({ outcome });
    },
    countDecline(purpose, reason) {
      // Decline codes come from the provider: an unknown one is counted, not made a new series.
      declines.inc({ purpose, reason: /^[a-z_]{1,40}$/.test(reason) ? reason : 'other' });
    },
    countPaymentRefusal(purpose, rule) {
      paymentRefusals.inc({ purpose, rule });
    },
  };
}

/** The rows of a scrape-time query, or undefined when the database does not answer (the gauge is then left out). */
async function readRows<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[] | undefined> {
  try {
    const result = (await db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  } catch {
    return undefined;
  }
}
