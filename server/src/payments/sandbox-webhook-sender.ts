// The sandbox's side of a payment in a process of its own, as Stripe is to the product: it confirms
// the charges and transfers the server recorded (after SANDBOX_WEBHOOK_DELAY_MS) in the sandbox_*
// tables of the same PostgreSQL and posts their signed webhooks to the server over HTTP. The server
// leaves this to it with SANDBOX_WEBHOOKS=external; the benchmarks run it so that the work of the
// provider is not counted as the server's. Run: `node server/src/payments/sandbox-webhook-sender.ts`
// with the server's environment (DATABASE_URL, APP_SECRET, PORT or SANDBOX_WEBHOOK_URL).
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { type Db, openDatabase } from '../lib/db.ts';
import { parseEnv } from '../lib/env.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { createHttpWebhookDelivery, getSandboxWebhookUrl } from './create-payment-provider.ts';
import { createSandboxEvent, deriveSandboxSigningKey, isFailingSandboxDestination } from './sandbox-provider.ts';
import { sandboxCharges, sandboxTransfers } from './schema.ts';

/** Charges or transfers confirmed per statement; their webhooks are posted at once. */
const BATCH_SIZE = 200;
const POLL_INTERVAL_MS = 100;

export type SandboxWebhookSender = {
  /** Confirms what is due and posts its webhooks; answers how many events were sent. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export function createSandboxWebhookSender(options: {
  db: Db;
  appSecret: string;
  delayMs: number;
  url: string;
  logger: Logger;
  pollIntervalMs?: number;
}): SandboxWebhookSender {
  const { db, delayMs, logger, pollIntervalMs = POLL_INTERVAL_MS } = options;
  const signingKey = deriveSandboxSigningKey(options.appSecret);
  const delivery = createHttpWebhookDelivery(options.url, logger);

  // The status changes first, under SKIP LOCKED, so two senders never confirm (or post) the same
  // charge; a webhook that never lands is found by the server's reconciliation, as before.
  async function confirmDueCharges() {
    const due = db
      .select({ id: sandboxCharges.id })
      .from(sandboxCharges)
      .where(
        and(eq(sandboxCharges.status, 'processing'), lte(sandboxCharges.createdAt, new Date(Date.now() - delayMs))),
      )
      .orderBy(asc(sandboxCharges.createdAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const confirmed = await db
      .update(sandboxCharges)
      .set({ status: 'succeeded' })
      .where(and(inArray(sandboxCharges.id, due), eq(sandboxCharges.status, 'processing')))
      .returning({ id: sandboxCharges.id, status: sandboxCharges.status });
    return confirmed.map((charge) => ({ type: `charge.${charge.status}`, reference: charge.id }));
  }

  async function completeDueTransfers() {
    const due = await db
      .select({ id: sandboxTransfers.id, destination: sandboxTransfers.destination })
      .from(sandboxTransfers)
      .where(
        and(eq(sandboxTransfers.status, 'pending'), lte(sandboxTransfers.createdAt, new Date(Date.now() - delayMs))),
      )
      .limit(BATCH_SIZE);
    const events: { type: string; reference: string }[] = [];
    // Payouts are few (one per calendar): one conditional update each keeps the failing-IBAN rule in one place.
    for (const transfer of due) {
      const failing = isFailingSandboxDestination(transfer.destination);
      const [settled] = await db
        .update(sandboxTransfers)
        .set(failing ? { status: 'failed', failureReason: 'account_closed' } : { status: 'paid' })
        .where(and(eq(sandboxTransfers.id, transfer.id), eq(sandboxTransfers.status, 'pending')))
        .returning({ id: sandboxTransfers.id, status: sandboxTransfers.status });
      if (settled) events.push({ type: `payout.${settled.status}`, reference: settled.id });
    }
    return events;
  }

  async function runOnce(): Promise<number> {
    const events = [...(await confirmDueCharges()), ...(await completeDueTransfers())];
    await Promise.all(
      events.map(({ type, reference }) => {
        const event = createSandboxEvent(signingKey, type, reference);
        return delivery.deliver(event.body, event.headers);
      }),
    );
    return events.length;
  }

  let running: Promise<void> | undefined;
  let stopping = false;

  async function loop() {
    while (!stopping) {
      let sent = 0;
      try {
        sent = await runOnce();
      } catch (error) {
        logger.warn({ err: (error as Error).message }, 'sandbox webhook sender: round failed');
      }
      // A full batch means more are due: go on at once.
      if (sent < BATCH_SIZE && !stopping) await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
    }
  }

  return {
    runOnce,
    start() {
      running ??= loop();
    },
    async stop() {
      stopping = true;
      await running;
    },
  };
}

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
    if (!env.DATABASE_URL) {
      throw new Error(
        'the sandbox webhook sender runs in its own process beside the server, so it needs PostgreSQL: set DATABASE_URL (the embedded database is opened by one process only)',
      );
    }
    if (env.PAYMENTS_PROVIDER !== 'sandbox') {
      throw new Error('the sandbox webhook sender plays the sandbox, but payments here go to Stripe');
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: '' });
  const url = getSandboxWebhookUrl(env);
  const sender = createSandboxWebhookSender({
    db: database.db,
    appSecret: env.APP_SECRET,
    delayMs: env.SANDBOX_WEBHOOK_DELAY_MS,
    url,
    logger,
  });
  sender.start();
  logger.info({ url }, 'sandbox webhook sender started');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void sender
        .stop()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}

if (import.meta.main) await main();
