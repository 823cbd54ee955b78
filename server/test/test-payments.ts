import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { user } from '../src/auth/schema.ts';
import { generateSlug } from '../src/calendars/calendar-service.ts';
import { calendars } from '../src/calendars/schema.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { createSandboxProvider } from '../src/payments/sandbox-provider.ts';
import type { createTestApp } from './test-app.ts';
import { createVerifiedUser } from './test-users.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A draft that passed wizard steps 1–3 (names, due date, IBAN), inserted directly, for a new verified user. */
export async function createTestCalendar(t: TestApp, email = `parent-${randomUUID()}@example.com`) {
  const { cookie } = await createVerifiedUser(t, email);
  const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const [calendar] = await t.db
    .insert(calendars)
    .values({
      id: randomUUID(),
      ownerId: owner!.id,
      slug: generateSlug(),
      title: 'Baby Rose',
      firstName: 'Anna',
      lastName: 'Miller',
      dueDate: '2030-01-15',
      ibanEncrypted: createSecretBox(t.context.env.APP_SECRET, 'iban').seal('DE89370400440532013000'),
      ibanMasked: 'DE89 •••• •••• •••• 3000',
      wizardStep: 4,
    })
    .returning();
  return { calendar: calendar!, email, cookie };
}

/**
 * Swaps the app's payment provider for a sandbox whose webhooks wait in a queue until the test
 * delivers them through the real webhook route (`app.request`), so tests decide when the
 * processor "confirms". Routes read `context.payments` per request, so the swap takes effect.
 */
export function useManualSandboxWebhooks(t: TestApp) {
  const queue: (() => Promise<void>)[] = [];
  const responses: number[] = [];
  t.context.payments = createSandboxProvider({
    db: t.db,
    appSecret: t.context.env.APP_SECRET,
    delayMs: t.context.env.SANDBOX_WEBHOOK_DELAY_MS,
    webhooks: {
      schedule: (run) => queue.push(run),
      async deliver(body, headers) {
        const response = await t.app.request('/api/payments/webhooks/sandbox', { method: 'POST', headers, body });
        responses.push(response.status);
      },
    },
  });
  return {
    /** Webhooks scheduled and not yet delivered. */
    get pending() {
      return queue.length;
    },
    /** The HTTP statuses the webhook route answered. */
    responses,
    async deliverAll() {
      while (queue.length > 0) await queue.shift()!();
    },
    /** Loses the scheduled webhooks, as a crash of the process would. */
    discardAll() {
      queue.length = 0;
    },
  };
}

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string; decline_code?: string };
  cancellation_reason: null | string;
  latest_charge: null | {
    id: string;
    object: 'charge';
    refunded: boolean;
    payment_intent: string;
    payment_method_details: { card: { last4: string; wallet: null } };
  };
};

/**
 * An offline stand-in for the part of Stripe's API we use (PaymentIntents create, retrieve and
 * search), on 127.0.0.1 with a random port; point STRIPE_API_BASE at `url`. It honours the
 * Idempotency-Key header like Stripe and logs every request so tests can inspect them.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const replies = new Map<string, unknown>();
  const refunds: string[] = [];
  const transfers = new Map<string, { id: string; amount: number; reversed: boolean }>();
  const requests: { method: string; path: string; idempotencyKey?: string; body: URLSearchParams }[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = new URLSearchParams(await readBody(req));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
      res.end(JSON.stringify(payload));
    };

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, intents.get(known));
      const id = `pi_${randomUUID().replace(/-/g, '')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match) metadata[match[1]!] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomUUID().slice(0, 8)}`,
        metadata,
        last_payment_error: null,
        cancellation_reason: null,
        latest_charge: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(200, intent);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const wanted = url.searchParams.get('query')?.match(/metadata\['idempotencyKey'\]:'(.*)'$/)?.[1];
      const data = [...intents.values()].filter((intent) => intent.metadata.idempotencyKey === wanted);
      return send(200, {
        object: 'search_result',
        data,
        has_more: false,
        next_page: null,
        url: '/v1/payment_intents/search',
      });
    }
    // Connect and refunds: enough of accounts, transfers and refunds for payouts and closes.
    const replay = idempotencyKey ? replies.get(`${url.pathname}:${idempotencyKey}`) : undefined;
    if (req.method === 'POST' && replay) return send(200, replay);
    const remember = (payload: unknown) => {
      if (idempotencyKey) replies.set(`${url.pathname}:${idempotencyKey}`, payload);
      send(200, payload);
    };
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent?.latest_charge || intent.status !== 'succeeded') {
        return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no charge.' } });
      }
      intent.latest_charge.refunded = true;
      refunds.push(intent.id);
      return remember({
        id: `re_${randomUUID().replace(/-/g, '')}`,
        object: 'refund',
        payment_intent: intent.id,
        amount: intent.amount,
        status: 'succeeded',
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      return remember({
        id: `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        object: 'account',
        type: body.get('type'),
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/transfers') {
      const transfer = {
        id: `tr_${randomUUID().replace(/-/g, '')}`,
        object: 'transfer',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'usd',
        destination: body.get('destination'),
        reversed: false,
        metadata: {},
      };
      transfers.set(transfer.id, transfer);
      return remember(transfer);
    }
    const transfer = url.pathname.match(/^\/v1\/transfers\/(tr_\w+)$/);
    if (req.method === 'GET' && transfer && transfers.has(transfer[1]!)) return send(200, transfers.get(transfer[1]!));
    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/(pi_\w+)$/);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      if (intent) return send(200, intent);
    }
    send(404, { error: { type: 'invalid_request_error', message: `No such resource: ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    /** What Stripe does when the browser confirms the intent with a good card. */
    succeed(id: string, last4 = '4242') {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.latest_charge = {
        id: `ch_${randomUUID().replace(/-/g, '')}`,
        object: 'charge',
        refunded: false,
        payment_intent: id,
        payment_method_details: { card: { last4, wallet: null } },
      };
    },
    /** PaymentIntent ids refunded, one entry per refund actually made. */
    refunds,
    transfers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
