import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { createTestCalendar, forFee } from '../../test/test-payments.ts';
import { calendars } from '../calendars/schema.ts';
import { createLogger } from '../lib/logger.ts';
import { startFeePayment } from './charge-payments.ts';
import { SANDBOX_WEBHOOK_PATH } from './create-payment-provider.ts';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER } from './sandbox-provider.ts';
import { createSandboxWebhookSender } from './sandbox-webhook-sender.ts';
import { sandboxCharges, sandboxTransfers } from './schema.ts';

const GOOD_CARD = { number: '4242424242424242', holderName: 'Anna Miller', expiry: '12/39', cvc: '123' };

/** An HTTP endpoint that keeps what is posted to it. */
async function startReceiver() {
  const received: { body: string; signature: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers[SANDBOX_SIGNATURE_HEADER]),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function close(server: Server) {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

// The sender is another process on the same PostgreSQL; PGlite is opened by one process only, so
// this runs in the PostgreSQL project (TEST_DATABASE_URL set).
describe.skipIf(testDatabaseKind !== 'postgres')(
  'sandbox webhooks from another process (skipped without TEST_DATABASE_URL)',
  () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    const logger = createLogger('silent');

    beforeAll(async () => {
      // DATABASE_URL only satisfies env.ts: the test app runs on its own test database.
      t = await createTestApp({
        env: { SANDBOX_WEBHOOKS: 'external', DATABASE_URL: 'postgres://unused', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      });
    });
    afterAll(() => t.close());

    it('confirms a fee the server recorded and posts its webhook: the calendar becomes active', async () => {
      const { calendar } = await createTestCalendar(t);
      const answer = await startFeePayment(t.context, {
        calendar: forFee(calendar),
        idempotencyKey: `key-${randomUUID()}`,
        method: { type: 'card', card: GOOD_CARD },
      });
      expect(answer.status).toBe('processing');
      // The server itself confirms nothing with SANDBOX_WEBHOOKS=external.
      await new Promise((resolve) => setTimeout(resolve, t.context.env.SANDBOX_WEBHOOK_DELAY_MS + 200));
      const pending = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.status, 'processing'));
      expect(pending).toHaveLength(1);

      const server = createServer(getRequestListener(t.app.fetch));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const sender = createSandboxWebhookSender({
          db: t.db,
          appSecret: t.context.env.APP_SECRET,
          delayMs: t.context.env.SANDBOX_WEBHOOK_DELAY_MS,
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${SANDBOX_WEBHOOK_PATH}`,
          logger,
        });
        expect(await sender.runOnce()).toBe(1);
        const [active] = await t.db.select().from(calendars).where(eq(calendars.id, calendar.id));
        expect(active).toMatchObject({ status: 'active' });
        // Nothing left to send: a second round posts nothing again.
        expect(await sender.runOnce()).toBe(0);
      } finally {
        await close(server);
      }
    });

    it('confirms only what is due, each charge once across two senders, and settles transfers by IBAN', async () => {
      const receiver = await startReceiver();
      const old = new Date(Date.now() - 60_000);
      const prefix = `sbx_${randomUUID().slice(0, 8)}`;
      const due = Array.from({ length: 40 }, (_, index) => `${prefix}_due_${index}`);
      await t.db.insert(sandboxCharges).values([
        ...due.map((id) => ({
          id,
          idempotencyKey: id,
          amount: 500,
          currency: 'usd',
          status: 'processing' as const,
          createdAt: old,
        })),
        {
          id: `${prefix}_fresh`,
          idempotencyKey: `${prefix}_fresh`,
          amount: 500,
          currency: 'usd',
          status: 'processing',
        },
        {
          id: `${prefix}_declined`,
          idempotencyKey: `${prefix}_declined`,
          amount: 500,
          currency: 'usd',
          status: 'failed',
          createdAt: old,
        },
      ]);
      await t.db.insert(sandboxTransfers).values([
        {
          id: `${prefix}_tr_ok`,
          idempotencyKey: `${prefix}_tr_ok`,
          amount: 900,
          currency: 'usd',
          destination: 'DE89…3000',
          status: 'pending',
          createdAt: old,
        },
        {
          id: `${prefix}_tr_closed`,
          idempotencyKey: `${prefix}_tr_closed`,
          amount: 900,
          currency: 'usd',
          destination: 'DE89…0002',
          status: 'pending',
          createdAt: old,
        },
      ]);
      const options = { appSecret: t.context.env.APP_SECRET, delayMs: 10_000, url: receiver.url, logger };
      const first = createSandboxWebhookSender({ ...options, db: t.db });
      const second = createSandboxWebhookSender({ ...options, db: t.db });
      try {
        await Promise.all([first.runOnce(), second.runOnce()]);
        const verifier = createSandboxProvider({
          db: t.db,
          appSecret: t.context.env.APP_SECRET,
          delayMs: 0,
          webhooks: { schedule: () => {}, deliver: async () => {} },
        });
        const events = receiver.received.map(({ body, signature }) =>
          verifier.verifyWebhook!(body, new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature })),
        );
        const charges = events.filter((event) => event.kind === 'payment');
        expect(charges.map((event) => event.reference).sort()).toEqual([...due].sort());
        expect(new Set(charges.map((event) => event.type))).toEqual(new Set(['charge.succeeded']));
        expect(events.filter((event) => event.kind === 'payout').map((event) => [event.reference, event.type])).toEqual(
          expect.arrayContaining([
            [`${prefix}_tr_ok`, 'payout.paid'],
            [`${prefix}_tr_closed`, 'payout.failed'],
          ]),
        );
        const rows = await t.db
          .select({ id: sandboxCharges.id, status: sandboxCharges.status })
          .from(sandboxCharges)
          .where(inArray(sandboxCharges.id, [`${prefix}_fresh`, `${prefix}_declined`, due[0]!]));
        expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
          [`${prefix}_fresh`]: 'processing',
          [`${prefix}_declined`]: 'failed',
          [due[0]!]: 'succeeded',
        });
        expect(await first.runOnce()).toBe(0);
      } finally {
        await close(receiver.server);
      }
    });
  },
);
