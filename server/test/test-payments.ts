import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { user } from '../src/auth/schema.ts';
import { generateSlug, lockDraftForFee } from '../src/calendars/calendar-service.ts';
import { calendars } from '../src/calendars/schema.ts';
import type { Db } from '../src/lib/db.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { createSandboxProvider } from '../src/payments/sandbox-provider.ts';
import type { createTestApp } from './test-app.ts';
import { createVerifiedUser } from './test-users.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const stripeSigner = new Stripe('sk_test_signer_only');

/**
 * POSTs a Stripe event to our webhook route, signed with `secret` as Stripe's endpoint would sign
 * it. Connect events (payouts on a connected account) name the account in `account`.
 */
export function postStripeEvent(
  t: TestApp,
  event: { id?: string; type: string; account?: string; object: Record<string, unknown> },
  secret: string,
) {
  const payload = JSON.stringify({
    id: event.id ?? `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: event.type,
    ...(event.account ? { account: event.account } : {}),
    data: { object: event.object },
  });
  const signature = stripeSigner.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request('/api/payments/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

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
      ibanEncrypted: createSecretBox(t.context.env.APP_SECRETS, 'iban').seal('DE89370400440532013000'),
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
    payment_method_details: { card: { last4: string; wallet: null; fingerprint: string } };
  };
};

type FakeAccount = {
  id: string;
  object: 'account';
  country: string | null;
  email: string | null;
  payouts_enabled: boolean;
  requirements: {
    currently_due: string[];
    /** Due now and blocking (at creation, everything due is). */
    past_due: string[];
    /** Why payouts are off: 'requirements.past_due' while anything is past due. */
    disabled_reason: string | null;
  };
  capabilities: { transfers: 'active' | 'inactive' };
  metadata: Record<string, string>;
  /** The bank account's currency: transfers in another currency are converted into it. */
  default_currency: string;
  /** The bank account as Stripe shows it back: the routing number (US) or sort code (GB), never the full number. */
  external_accounts: { data: { country: string; currency: string; routing_number: string | null; last4: string }[] };
};
type FakeTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  reversed: boolean;
  /** The payment it made on the connected account (with what arrived, converted). */
  destination_payment: string;
};
type FakeDestinationPayment = {
  id: string;
  object: 'charge';
  account: string;
  /** Kept whole here; answered as its id unless the request asks `expand[]=balance_transaction`. */
  balance_transaction: { id: string; object: 'balance_transaction'; amount: number; net: number; currency: string };
};

/** Fixed test rates from USD (Stripe's are live); other currencies convert 1:1. */
export const STAND_IN_USD_RATES: Record<string, number> = { eur: 0.9, gbp: 0.8 };
type FakePayout = {
  id: string;
  object: 'payout';
  /** Not in Stripe's object: the connected account it is on (the Stripe-Account header). */
  account: string;
  amount: number;
  currency: string;
  status: FakePayoutStatus;
  failure_code: string | null;
};
type FakePayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

/**
 * The fields a request asks to expand (`expand[]=x`, or `expand[0]=x` as the SDK writes it): Stripe
 * answers an expandable field as its id unless asked.
 */
function readExpand(params: URLSearchParams): Set<string> {
  const fields = new Set<string>();
  for (const [key, value] of params) if (/^expand\[\d*\]$/.test(key)) fields.add(value);
  return fields;
}

/** A PaymentIntent as Stripe answers it: `latest_charge` an id unless expanded (`prefix` for lists). */
function renderIntent(intent: FakeIntent, expand: Set<string>, prefix = '') {
  const charge = intent.latest_charge;
  return { ...intent, latest_charge: charge && !expand.has(`${prefix}latest_charge`) ? charge.id : charge };
}

/** The request's parameters in a fixed order: what Stripe compares when an idempotency key comes back. */
function fingerprintRequest(path: string, body: URLSearchParams): string {
  const params = [...body].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return `${path}?${new URLSearchParams(params).toString()}`;
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
/** Newest first, as Stripe lists (the maps keep creation order). */
const newestFirst = <T>(items: T[]) => [...items].reverse();

/**
 * An offline stand-in for the part of Stripe's API we use (PaymentIntents create, retrieve and
 * search; Connect accounts, transfers and payouts on connected accounts; refunds), on 127.0.0.1
 * with a random port; point STRIPE_API_BASE at `url`. Where tests relied on it being kinder than
 * Stripe it is not (issue 24): expandable fields (`latest_charge`, a charge's `balance_transaction`)
 * come as ids unless the request asks `expand[]`; search sees an intent only after `setSearchLag`'s
 * delay (or `indexSearch()`); an Idempotency-Key (scoped to the Stripe-Account header) replays the
 * answer as it was first given (a refusal too, for 24 hours), and used again with other parameters, on any POST, answers 400
 * `idempotency_error`; payouts go pending → in_transit → paid | failed as a test moves them
 * (`settlePayout`). `loseReplies` carries requests out and drops their answers. Every request is
 * logged so tests can inspect them.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, FakeIntent>();
  /** Answers saved under their Idempotency-Key (per account), with the parameters they were made with. */
  const idempotent = new Map<string, { fingerprint: string; status: number; payload: string }>();
  /** When each intent shows up in search results: Stripe's search index lags behind its writes. */
  const searchableAt = new Map<string, number>();
  let searchLagMs = 0;
  let identityChecks = false;
  let repliesToLose = 0;
  const refunds: string[] = [];
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, FakeTransfer>();
  const payouts = new Map<string, FakePayout>();
  const destinationPayments = new Map<string, FakeDestinationPayment>();
  /** Onboarding links made (`accountLinks.create`), in order. */
  const accountLinks: { account: string; type: string; url: string }[] = [];
  const requests: {
    method: string;
    path: string;
    idempotencyKey?: string;
    stripeAccount?: string;
    body: URLSearchParams;
  }[] = [];
  let down = false;
  let fundsPending = false;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = new URLSearchParams(await readBody(req));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? undefined;
    const stripeAccount = (req.headers['stripe-account'] as string | undefined) ?? undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, stripeAccount, body });
    const write = (status: number, payload: string, headers: Record<string, string> = {}) => {
      if (repliesToLose > 0) {
        // Done at Stripe, but the answer never arrives: the client sees the connection drop.
        repliesToLose--;
        req.socket.destroy();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}`, ...headers });
      res.end(payload);
    };
    // Stripe keeps a POST's answer under its Idempotency-Key (per account) and replays it to a retry
    // with the same parameters; a retry with other parameters is refused.
    const scope = req.method === 'POST' && idempotencyKey ? `${stripeAccount ?? 'platform'}:${idempotencyKey}` : null;
    const fingerprint = fingerprintRequest(url.pathname, body);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(payload);
      // Whatever the endpoint answered is kept, refusals too (Stripe keeps a result once the
      // endpoint began; only an unknown path, a 404 here, never got that far).
      if (scope && status !== 404) idempotent.set(scope, { fingerprint, status, payload: text });
      write(status, text, headers);
    };
    if (down) {
      // An outage the client does not retry, so a test knows when the attempt is over. The request
      // never reached an endpoint, so nothing is kept under its key.
      return write(503, JSON.stringify({ error: { type: 'api_error', message: 'Stripe is unavailable.' } }), {
        'stripe-should-retry': 'false',
      });
    }

    const saved = scope ? idempotent.get(scope) : undefined;
    if (saved && saved.fingerprint !== fingerprint) {
      return write(
        400,
        JSON.stringify({
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        }),
      );
    }
    // The answer as it was then, not the object as it is now.
    if (saved) return write(saved.status, saved.payload, { 'idempotent-replayed': 'true' });
    const expand = readExpand(req.method === 'GET' ? url.searchParams : body);

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${randomUUID().replace(/-/g, '')}`;
      const metadata = readMetadata(body);
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
      searchableAt.set(id, Date.now() + searchLagMs);
      return send(200, renderIntent(intent, expand));
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const wanted = url.searchParams.get('query')?.match(/metadata\['idempotencyKey'\]:'(.*)'$/)?.[1];
      const data = [...intents.values()].filter(
        (intent) => intent.metadata.idempotencyKey === wanted && Date.now() >= searchableAt.get(intent.id)!,
      );
      return send(200, {
        object: 'search_result',
        data: data.map((intent) => renderIntent(intent, expand, 'data.')),
        has_more: false,
        next_page: null,
        url: '/v1/payment_intents/search',
      });
    }
    // Connect and refunds: enough of accounts, transfers, payouts and refunds for payouts and closes.
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent?.latest_charge || intent.status !== 'succeeded') {
        return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no charge.' } });
      }
      intent.latest_charge.refunded = true;
      refunds.push(intent.id);
      return send(200, {
        id: `re_${randomUUID().replace(/-/g, '')}`,
        object: 'refund',
        payment_intent: intent.id,
        amount: intent.amount,
        status: 'succeeded',
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      const bankProblem = findBankAccountProblem(body);
      if (bankProblem) {
        return send(400, {
          error: { type: 'invalid_request_error', param: 'external_account', message: bankProblem },
        });
      }
      const termsAccepted = body.has('tos_acceptance[date]') && body.has('tos_acceptance[ip]');
      const due = [
        ...(identityChecks ? getMissingIdentity(body) : []),
        ...(termsAccepted ? [] : ['tos_acceptance.date', 'tos_acceptance.ip']),
      ];
      const blocked = identityChecks && due.length > 0;
      const account: FakeAccount = {
        id: `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        object: 'account',
        country: body.get('country'),
        email: body.get('email'),
        payouts_enabled: due.length === 0,
        requirements: {
          currently_due: due,
          past_due: blocked ? due : [],
          disabled_reason: blocked ? 'requirements.past_due' : null,
        },
        capabilities: { transfers: blocked ? 'inactive' : 'active' },
        metadata: readMetadata(body),
        default_currency: body.get('external_account[currency]') ?? 'usd',
        external_accounts: {
          data: [
            {
              country: body.get('external_account[country]') ?? '',
              currency: body.get('external_account[currency]') ?? 'usd',
              routing_number: body.get('external_account[routing_number]'),
              last4: (body.get('external_account[account_number]') ?? '').slice(-4),
            },
          ],
        },
      };
      accounts.set(account.id, account);
      return send(200, account);
    }
    if (req.method === 'POST' && url.pathname === '/v1/account_links') {
      const linked = body.get('account') ?? '';
      const missing = ['type', 'refresh_url', 'return_url'].find((field) => !body.get(field));
      if (!accounts.has(linked) || missing) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            param: missing ?? 'account',
            message: missing ? `Missing required param: ${missing}.` : `No such account: '${linked}'`,
          },
        });
      }
      const link = {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.com/setup/c/${linked}/${randomUUID().replace(/-/g, '')}`,
      };
      accountLinks.push({ account: linked, type: body.get('type')!, url: link.url });
      return send(200, link);
    }
    const account = url.pathname.match(/^\/v1\/accounts\/(acct_\w+)$/);
    if (req.method === 'GET' && account && accounts.has(account[1]!)) return send(200, accounts.get(account[1]!));
    if (req.method === 'POST' && url.pathname === '/v1/transfers') {
      const destination = body.get('destination') ?? '';
      if (!accounts.has(destination)) {
        return send(400, {
          error: { type: 'invalid_request_error', message: `No such destination: '${destination}'` },
        });
      }
      if (accounts.get(destination)!.capabilities.transfers !== 'active') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'insufficient_capabilities_for_transfer',
            message:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          },
        });
      }
      const amount = Number(body.get('amount'));
      const currency = body.get('currency') ?? 'usd';
      const accountCurrency = accounts.get(destination)!.default_currency;
      const arrived =
        accountCurrency === currency ? amount : Math.round(amount * (STAND_IN_USD_RATES[accountCurrency] ?? 1));
      const payment: FakeDestinationPayment = {
        id: `py_${randomUUID().replace(/-/g, '')}`,
        object: 'charge',
        account: destination,
        balance_transaction: {
          id: `txn_${randomUUID().replace(/-/g, '')}`,
          object: 'balance_transaction',
          amount: arrived,
          net: arrived,
          currency: accountCurrency,
        },
      };
      destinationPayments.set(payment.id, payment);
      const transfer: FakeTransfer = {
        id: `tr_${randomUUID().replace(/-/g, '')}`,
        object: 'transfer',
        amount,
        currency,
        destination,
        reversed: false,
        destination_payment: payment.id,
      };
      transfers.set(transfer.id, transfer);
      return send(200, transfer);
    }
    if (req.method === 'GET' && url.pathname === '/v1/transfers') {
      const destination = url.searchParams.get('destination');
      const found = [...transfers.values()].filter((transfer) => transfer.destination === destination);
      return send(200, list(newestFirst(found), url.pathname));
    }
    const charge = url.pathname.match(/^\/v1\/charges\/(py_\w+)$/);
    if (req.method === 'GET' && charge && destinationPayments.get(charge[1]!)?.account === stripeAccount) {
      const payment = destinationPayments.get(charge[1]!)!;
      const balance = expand.has('balance_transaction') ? payment.balance_transaction : payment.balance_transaction.id;
      return send(200, { ...payment, balance_transaction: balance });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payouts' && stripeAccount) {
      const amount = Number(body.get('amount'));
      const currency = body.get('currency') ?? 'usd';
      if (identityChecks && !accounts.get(stripeAccount)?.payouts_enabled) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payouts_not_allowed',
            message: 'Payouts have been disabled on this account.',
          },
        });
      }
      if (currency !== accounts.get(stripeAccount)?.default_currency || amount > getAvailableBalance(stripeAccount)) {
        return send(400, {
          error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'Insufficient funds.' },
        });
      }
      const payout: FakePayout = {
        id: `po_${randomUUID().replace(/-/g, '')}`,
        object: 'payout',
        account: stripeAccount,
        amount,
        currency,
        status: 'pending',
        failure_code: null,
      };
      payouts.set(payout.id, payout);
      return send(200, payout);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payouts' && stripeAccount) {
      const found = [...payouts.values()].filter((payout) => payout.account === stripeAccount);
      return send(200, list(newestFirst(found), url.pathname));
    }
    const cancel = url.pathname.match(/^\/v1\/payment_intents\/(pi_\w+)\/cancel$/);
    if (req.method === 'POST' && cancel && intents.has(cancel[1]!)) {
      const intent = intents.get(cancel[1]!)!;
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(400, {
          error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'Cannot cancel.' },
        });
      }
      intent.status = 'canceled';
      intent.cancellation_reason = body.get('cancellation_reason') ?? null;
      return send(200, renderIntent(intent, expand));
    }
    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/(pi_\w+)$/);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      if (intent) return send(200, renderIntent(intent, expand));
    }
    send(404, { error: { type: 'invalid_request_error', message: `No such resource: ${url.pathname}` } });
  });
  /**
   * In the account's currency: what transfers brought (not reversed) minus payouts out (not failed
   * or canceled), all available at once.
   */
  function getAvailableBalance(account: string): number {
    if (fundsPending) return 0;
    let balance = 0;
    for (const transfer of transfers.values()) {
      if (transfer.destination === account && !transfer.reversed) {
        balance += destinationPayments.get(transfer.destination_payment)!.balance_transaction.net;
      }
    }
    for (const payout of payouts.values()) {
      if (payout.account === account && payout.status !== 'failed' && payout.status !== 'canceled') {
        balance -= payout.amount;
      }
    }
    return balance;
  }

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
        payment_method_details: { card: { last4, wallet: null, fingerprint: `fp_${last4}` } },
      };
    },
    /**
     * What Stripe does when the browser confirms the intent with a card its bank declines: the
     * intent goes back to 'requires_payment_method' and can be confirmed again, until cancelled.
     */
    decline(id: string, declineCode = 'card_declined', fingerprint = 'fp_stolen') {
      const intent = intents.get(id)!;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'card_declined', decline_code: declineCode };
      intent.latest_charge = {
        id: `ch_${randomUUID().replace(/-/g, '')}`,
        object: 'charge',
        refunded: false,
        payment_intent: id,
        payment_method_details: { card: { last4: '0002', wallet: null, fingerprint } },
      };
    },
    /** PaymentIntent ids refunded, one entry per refund actually made. */
    refunds,
    accounts,
    transfers,
    payouts,
    /** While down, every call answers 503 (not retried by the client). */
    setDown(value: boolean) {
      down = value;
    },
    /** Transfers not yet available for payouts (Stripe holds them a day for recipient accounts). */
    setFundsPending(value: boolean) {
      fundsPending = value;
    },
    /** Stripe keeps idempotency keys for 24 hours: what a retry after that meets. */
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    /**
     * Intents created from now on show up in search `ms` later (Stripe: usually within a minute,
     * longer during an incident). 0, the default, makes them searchable at once.
     */
    setSearchLag(ms: number) {
      searchLagMs = ms;
    },
    /** Stripe's search index catches up: every intent made so far is searchable now. */
    indexSearch() {
      for (const id of searchableAt.keys()) searchableAt.set(id, Date.now());
    },
    /**
     * Stripe's checks of an individual: accounts made from now on without a date of birth and an
     * address (and for US accounts the last four SSN digits) list them in `requirements.currently_due`
     * and `past_due`, with `disabled_reason: 'requirements.past_due'`, `payouts_enabled: false` and
     * the transfers capability inactive, so transfers to them and payouts from them are refused
     * until `completeVerification`. Off by default: the older tests' accounts carry no identity.
     */
    setIdentityChecks(value: boolean) {
      identityChecks = value;
    },
    accountLinks,
    /**
     * The Connect event Stripe sends when an account's verification changes, to post with
     * `postStripeEvent` (Connect endpoint): the account as it is now.
     */
    accountUpdatedEvent(account: string) {
      return { type: 'account.updated', account, object: structuredClone(accounts.get(account)!) };
    },
    /** Stripe asks for an identity document after checking the details (an identity mismatch). */
    requireDocument(account: string) {
      const found = accounts.get(account)!;
      const due = ['individual.verification.document'];
      found.requirements = { currently_due: due, past_due: due, disabled_reason: 'requirements.past_due' };
      found.payouts_enabled = false;
      found.capabilities.transfers = 'inactive';
    },
    /** Stripe has verified what the parent sent later (onboarding): payouts are enabled. */
    completeVerification(account: string) {
      const found = accounts.get(account)!;
      found.requirements = { currently_due: [], past_due: [], disabled_reason: null };
      found.payouts_enabled = true;
      found.capabilities.transfers = 'active';
    },
    /** The next `count` requests are carried out, but their answers are lost (the connection drops). */
    loseReplies(count: number) {
      repliesToLose = count;
    },
    /**
     * The bank's progress on the (one) payout on a connected account: Stripe moves it from
     * 'pending' to 'in_transit', then to 'paid' or 'failed' (or it is canceled before it left).
     */
    settlePayout(account: string, status: Exclude<FakePayoutStatus, 'pending'>, failureCode: string | null = null) {
      const payout = [...payouts.values()].find((candidate) => candidate.account === account)!;
      payout.status = status;
      payout.failure_code = failureCode;
    },
    /** The platform takes a transfer back (from the Dashboard, say). */
    reverseTransfer(account: string) {
      for (const transfer of transfers.values()) if (transfer.destination === account) transfer.reversed = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What Stripe asks of an individual before it pays them out, that the account request lacks. */
function getMissingIdentity(body: URLSearchParams): string[] {
  const fields = ['dob.day', 'dob.month', 'dob.year', 'address.line1', 'address.city', 'address.postal_code'];
  if (body.get('country') === 'US') fields.push('ssn_last_4');
  const sent = (field: string) => body.has(`individual[${field.replace('.', '][')}]`);
  return fields.filter((field) => !sent(field)).map((field) => `individual.${field}`);
}

function readMetadata(body: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of body) {
    const match = key.match(/^metadata\[(.+)\]$/);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A calendar as the fee's claim takes it (the pay route passes the same). */
export function forFee(calendar: { id: string }) {
  return { id: calendar.id, lockForFee: (tx: Db) => lockDraftForFee(tx, calendar.id) };
}

/**
 * Stripe's checks of a bank account (`external_account`), as far as its API tells: a US account
 * needs a 9-digit routing number, a UK one a sort code of 6 digits and an 8-digit account number
 * unless it is an IBAN, and everywhere else the account number is an IBAN of the account's country.
 */
function findBankAccountProblem(body: URLSearchParams): string | undefined {
  const country = body.get('external_account[country]');
  if (!country) return undefined;
  const routing = body.get('external_account[routing_number]');
  const number = body.get('external_account[account_number]') ?? '';
  if (country === 'US') {
    if (!routing || !/^\d{9}$/.test(routing)) return 'Routing number must have 9 digits';
    return /^\d{4,17}$/.test(number) ? undefined : 'Invalid account number';
  }
  if (routing !== null) {
    if (country !== 'GB' || !/^\d{6}$/.test(routing)) return `Invalid routing number for ${country}`;
    return /^\d{8}$/.test(number) ? undefined : 'Invalid account number: must contain 8 digits';
  }
  return number.startsWith(country) ? undefined : `Invalid IBAN for ${country}`;
}
