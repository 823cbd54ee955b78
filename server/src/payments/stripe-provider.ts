import { type BankAccount, parseBankAccountText } from '@firstday/common/bank-account';
import { EURO_COUNTRIES } from '@firstday/common/currency';
import Stripe from 'stripe';
import { AppError } from '../lib/errors.ts';
import {
  IdempotencyConflictError,
  type PaymentProvider,
  type PayoutRecipient,
  type ProviderPaymentState,
  type ProviderPayoutState,
  ProviderRefusedError,
  type VerifiedWebhookEvent,
} from './payment-provider.ts';

const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
]);

/** Connect: payouts on a connected account (they carry `event.account`) and a transfer to one reversed. */
const PAYOUT_EVENTS = new Set(['payout.paid', 'payout.failed', 'payout.canceled', 'transfer.reversed']);

/** Connect: a connected account's verification and payouts changed (`payouts_enabled`, `requirements`). */
const RECIPIENT_EVENTS = new Set(['account.updated']);

/** The only events we act on; anything else is acknowledged and ignored. */
export const STRIPE_EVENT_ALLOWLIST = new Set([...PAYMENT_EVENTS, ...PAYOUT_EVENTS, ...RECIPIENT_EVENTS]);

/** Countries whose banks do not hold euros: the currency of a bank account there. */
const NON_EURO_CURRENCIES: Record<string, string> = {
  US: 'usd',
  GB: 'gbp',
  GI: 'gbp',
  CH: 'chf',
  LI: 'chf',
  SE: 'sek',
  DK: 'dkk',
  NO: 'nok',
  IS: 'isk',
  PL: 'pln',
  CZ: 'czk',
  HU: 'huf',
  RO: 'ron',
};

/**
 * The currency of the parents' bank account, from its country. Gifts are in the calendar's
 * currency; when the account's differs, Stripe converts the transfer and the payout takes what
 * arrived (none is needed when they match, e.g. a EUR calendar paid out to a German IBAN).
 */
export function getBankCurrency(country: string, fallback: string): string {
  if (EURO_COUNTRIES.has(country)) return 'eur';
  return NON_EURO_CURRENCIES[country] ?? fallback;
}

const GIFTS_DESCRIPTION =
  'Gifts from family and friends for a new baby, collected on a Firstday calendar and paid out to the parent.';

/** An IBAN goes in `account_number` alone; a US routing number or a UK sort code goes in `routing_number`. */
function toStripeAccountNumbers(bank: BankAccount): { account_number: string; routing_number?: string } {
  switch (bank.kind) {
    case 'iban':
      return { account_number: bank.iban };
    case 'us':
      return { routing_number: bank.routingNumber, account_number: bank.accountNumber };
    case 'gb':
      return { routing_number: bank.sortCode, account_number: bank.accountNumber };
  }
}

/**
 * Stripe: PaymentIntents for fees and gifts, Connect for payouts. We create the intent (idempotency
 * key forwarded to Stripe) and hand its client secret to the browser, whose Payment Element
 * collects and confirms the card: card data never reaches this server. Webhooks only tell us which
 * intent or payout to re-read; the state we act on always comes from Stripe's API, never from the
 * event body.
 */
export function createStripeProvider(options: {
  secretKey: string;
  /** The platform endpoint's signing secret, then the Connect endpoint's when it is a separate one. */
  webhookSecrets: string[];
  /** e.g. http://127.0.0.1:4010 for the offline stand-in used by tests. */
  apiBase?: string;
}): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    // Bounded so a hung call ends well before reconciliation treats its payment as abandoned.
    timeout: 20_000,
    maxNetworkRetries: 1,
    ...(base
      ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol.replace(':', '') as 'http' }
      : {}),
  });

  async function retrieve(reference: string): Promise<ProviderPaymentState> {
    const intent = await stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] });
    return toState(intent);
  }

  // A connected account exists for one calendar's payout alone, so the transfer to it and the payout
  // on it are that payout's: found even after Stripe forgot an idempotency key (24 hours).
  async function findTransferTo(account: string): Promise<Stripe.Transfer | undefined> {
    return (await stripe.transfers.list({ destination: account, limit: 1 })).data[0];
  }

  async function findPayoutOn(account: string): Promise<Stripe.Payout | undefined> {
    return (await stripe.payouts.list({ limit: 1 }, { stripeAccount: account })).data[0];
  }

  /**
   * What the transfer left on the connected account, after Stripe's conversion into the account's
   * currency (a EUR or GBP bank account): the payout must ask for exactly that.
   */
  async function getArrivedFunds(account: string, transfer: Stripe.Transfer) {
    const paymentId = getId(transfer.destination_payment);
    if (!paymentId) return { amount: transfer.amount, currency: transfer.currency };
    const payment = await stripe.charges.retrieve(
      paymentId,
      { expand: ['balance_transaction'] },
      { stripeAccount: account },
    );
    const balance = payment.balance_transaction as Stripe.BalanceTransaction;
    return { amount: balance.net, currency: balance.currency };
  }

  function constructEvent(rawBody: string, signature: string): Stripe.Event {
    let refusal: unknown = new Error('no Stripe webhook secret is configured');
    for (const secret of options.webhookSecrets) {
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch (error) {
        refusal = error;
      }
    }
    throw refusal;
  }

  return {
    name: 'stripe',
    methods: ['stripe'],
    // Its search by metadata lags behind its writes (up to a minute): see `searchLags`.
    searchLags: true,

    async createPayment(request) {
      if (request.method.type !== 'stripe') {
        throw new AppError(
          'payment_method_unavailable',
          'Please pay with the secure card form: card details are not accepted here.',
          400,
        );
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            automatic_payment_methods: { enabled: true },
            // The idempotency key in the metadata lets reconciliation find an intent whose id we never stored.
            metadata: { ...request.metadata, idempotencyKey: request.idempotencyKey },
            // toState reads the charge (card, refund): Stripe sends only its id unless asked.
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return toState(intent);
      } catch (error) {
        // Stripe holds this key for another request (other parameters): no intent of ours is behind it.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyConflictError(error.message);
        throw error;
      }
    },

    retrievePayment: retrieve,

    async cancelPayment(reference) {
      try {
        await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' });
      } catch (error) {
        // Already succeeded or canceled meanwhile: what it is now is the answer.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      return retrieve(reference);
    },

    async findPaymentByIdempotencyKey(idempotencyKey) {
      const quoted = idempotencyKey.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
      const result = await stripe.paymentIntents.search({
        query: `metadata['idempotencyKey']:'${quoted}'`,
        limit: 1,
      });
      const [intent] = result.data;
      return intent ? retrieve(intent.id) : undefined;
    },

    async refundPayment(reference, idempotencyKey) {
      await stripe.refunds.create({ payment_intent: reference }, { idempotencyKey });
      return retrieve(reference);
    },

    // Connect (docs/decisions/008-payouts.md): one connected account per calendar and bank account,
    // made when the account is saved, holds it as its external account. It receives transfers only.
    async preparePayoutRecipient(request) {
      if (request.reference) return toRecipient(await stripe.accounts.retrieve(request.reference));
      const bank = parseBankAccountText(request.bankAccount);
      const { country } = bank;
      const terms = request.termsAcceptance;
      const account = await stripe.accounts.create(
        {
          country,
          email: request.email,
          // What a 'custom' account is: no Stripe dashboard, we collect what Stripe asks for.
          controller: {
            stripe_dashboard: { type: 'none' },
            requirement_collection: 'application',
            fees: { payer: 'application' },
            losses: { payments: 'application' },
          },
          business_type: 'individual',
          individual: { first_name: request.firstName, last_name: request.lastName, email: request.email },
          business_profile: {
            // Miscellaneous personal services: the closest code for gifts received by a private person.
            mcc: '7299',
            // Stripe takes only a public address; in development the description is enough.
            url: request.profileUrl.startsWith('https://') ? request.profileUrl : undefined,
            product_description: GIFTS_DESCRIPTION,
          },
          capabilities: { transfers: { requested: true } },
          external_account: {
            object: 'bank_account',
            country,
            currency: getBankCurrency(country, request.currency),
            ...toStripeAccountNumbers(bank),
            account_holder_name: `${request.firstName} ${request.lastName}`,
          },
          // We create the payout ourselves after the transfer, so its status is the one we follow.
          settings: { payouts: { schedule: { interval: 'manual' } } },
          tos_acceptance: {
            // The account only receives transfers, never takes payments; cross-border payouts need it too.
            service_agreement: 'recipient',
            ...(terms
              ? {
                  date: Math.floor(Date.parse(terms.acceptedAt) / 1000),
                  ip: terms.ip,
                  user_agent: terms.userAgent || undefined,
                }
              : {}),
          },
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toRecipient(account);
    },

    async retrievePayoutRecipient(reference) {
      return toRecipient(await stripe.accounts.retrieve(reference));
    },

    // Stripe's hosted onboarding: the parent gives what `requirements.currently_due` lists (date of
    // birth, address, ID number, a document) on Stripe's page, which sends them back to return_url.
    async createOnboardingLink(request) {
      const link = await stripe.accountLinks.create({
        account: request.recipient,
        type: 'account_onboarding',
        refresh_url: request.refreshUrl,
        return_url: request.returnUrl,
        collection_options: { fields: 'currently_due' },
      });
      return { url: link.url };
    },

    // The gifts move from the platform balance to the connected account (a Transfer), then from it to
    // the bank (a Payout). Our reference is the account: every Connect event names it.
    async createPayout(request) {
      try {
        return await transferAndPayOut(request);
      } catch (error) {
        // Stripe keeps a refusal under the key: the caller retries with another one.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ProviderRefusedError(error.message);
        throw error;
      }
    },

    async retrievePayout(reference) {
      const [transfer, payout] = await Promise.all([findTransferTo(reference), findPayoutOn(reference)]);
      if (!transfer) throw new Error(`no transfer to the connected account ${reference}`);
      return toPayoutState(reference, transfer, payout);
    },

    verifyWebhook(rawBody, headers) {
      const event = constructEvent(rawBody, headers.get('stripe-signature') ?? '');
      return { id: event.id, type: event.type, ...getEventSubject(event) };
    },
  };

  async function transferAndPayOut(request: Parameters<PaymentProvider['createPayout']>[0]) {
    const account = request.recipient;
    const transfer =
      (await findTransferTo(account)) ??
      (await stripe.transfers.create(
        {
          amount: request.amount,
          currency: request.currency,
          destination: account,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      ));
    if (transfer.reversed) return toPayoutState(account, transfer, undefined);
    const payout =
      (await findPayoutOn(account)) ??
      (await stripe.payouts.create(
        { ...(await getArrivedFunds(account, transfer)), metadata: request.metadata },
        { stripeAccount: account, idempotencyKey: `${request.idempotencyKey}:bank` },
      ));
    return toPayoutState(account, transfer, payout);
  }
}

function toRecipient(account: Stripe.Account): PayoutRecipient {
  return {
    reference: account.id,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: account.requirements?.currently_due ?? [],
    requirementsPastDue: account.requirements?.past_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

/**
 * Stripe's payout status is the truth about the bank: paid, failed or canceled (with Stripe's code),
 * otherwise still on its way. A transfer reversed before that means the money came back to us.
 */
function toPayoutState(
  account: string,
  transfer: Stripe.Transfer,
  payout: Stripe.Payout | undefined,
): ProviderPayoutState {
  // The amount we check against our record is what we sent: the transfer.
  const known = { reference: account, amount: transfer.amount, currency: transfer.currency };
  if (payout?.status === 'paid') return { ...known, status: 'paid' };
  if (transfer.reversed) return { ...known, status: 'failed', failureReason: 'transfer_reversed' };
  if (payout?.status === 'failed' || payout?.status === 'canceled') {
    return { ...known, status: 'failed', failureReason: payout.failure_code ?? payout.status };
  }
  return { ...known, status: 'pending' };
}

function getId(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** Which of our records an event is about; the state itself is always re-read from the API. */
function getEventSubject(event: Stripe.Event): Pick<VerifiedWebhookEvent, 'kind' | 'reference'> {
  const object = event.data.object as {
    object?: string;
    id?: string;
    payment_intent?: string | { id: string } | null;
    destination?: string | { id: string } | null;
  };
  if (RECIPIENT_EVENTS.has(event.type)) {
    // A Connect event about the connected account itself: `event.account` names it (so does the object).
    return {
      kind: 'recipient',
      reference: event.account ?? (object.object === 'account' ? (object.id ?? null) : null),
    };
  }
  if (PAYOUT_EVENTS.has(event.type)) {
    // A payout event names its connected account; a transfer (a platform object) its destination.
    // The platform's own payouts carry no account and are not ours to act on.
    const account = event.type === 'transfer.reversed' ? getId(object.destination) : (event.account ?? null);
    return { kind: 'payout', reference: account };
  }
  // Our payments live on the platform account: one on a connected account is not ours.
  if (!PAYMENT_EVENTS.has(event.type) || event.account) return { kind: 'payment', reference: null };
  return {
    kind: 'payment',
    reference: object.object === 'payment_intent' ? (object.id ?? null) : getId(object.payment_intent),
  };
}

/**
 * Only Stripe's terminal states are terminal here: an intent whose card was declined goes back to
 * 'requires_payment_method' and can still be paid with another card, so it stays 'processing'
 * (with the decline code) and a retry confirms the same intent instead of creating a second one.
 */
function toState(intent: Stripe.PaymentIntent): ProviderPaymentState {
  // An id instead of the charge would read as 'not refunded, no card': every call expands it.
  if (typeof intent.latest_charge === 'string') throw new Error(`latest_charge of ${intent.id} is not expanded`);
  const charge = intent.latest_charge;
  const lastError = intent.last_payment_error;
  let status: ProviderPaymentState['status'] = 'processing';
  if (intent.status === 'succeeded') status = charge?.refunded ? 'refunded' : 'succeeded';
  else if (intent.status === 'canceled') status = 'failed';
  return {
    reference: intent.id,
    status,
    failureCode:
      status === 'succeeded' || status === 'refunded'
        ? undefined
        : (lastError?.decline_code ??
          lastError?.code ??
          (intent.status === 'canceled' ? (intent.cancellation_reason ?? 'canceled') : undefined)),
    cardLast4: charge?.payment_method_details?.card?.last4 ?? undefined,
    cardFingerprint: charge?.payment_method_details?.card?.fingerprint ?? undefined,
    wallet: charge?.payment_method_details?.card?.wallet?.type ?? undefined,
    clientSecret: intent.client_secret ?? undefined,
    amount: intent.amount,
    currency: intent.currency,
    paymentId: intent.metadata?.paymentId,
  };
}
