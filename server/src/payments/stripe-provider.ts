import Stripe from 'stripe';
import { AppError } from '../lib/errors.ts';
import type { PaymentProvider, ProviderPaymentState, ProviderPayoutState } from './payment-provider.ts';

/** The only events we act on; anything else is acknowledged and ignored. */
export const STRIPE_EVENT_ALLOWLIST = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
]);

/**
 * Stripe PaymentIntents. We create the intent (idempotency key forwarded to Stripe) and hand its
 * client secret to the browser, whose Payment Element collects and confirms the card: card data
 * never reaches this server. Webhooks only tell us which intent to re-read; the state we act on
 * always comes from Stripe's API, never from the event body.
 */
export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
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

  return {
    name: 'stripe',
    methods: ['stripe'],

    async createPayment(request) {
      if (request.method.type !== 'stripe') {
        throw new AppError(
          'payment_method_unavailable',
          'Please pay with the secure card form: card details are not accepted here.',
          400,
        );
      }
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          automatic_payment_methods: { enabled: true },
          // The idempotency key in the metadata lets reconciliation find an intent whose id we never stored.
          metadata: { ...request.metadata, idempotencyKey: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toState(intent);
    },

    retrievePayment: retrieve,

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

    // Connect (docs/decisions/008-payouts.md): a custom connected account holds the parents' IBAN
    // as its external account; a transfer moves the collected gifts to it and Stripe pays it out.
    async createPayout(request) {
      const country = request.destination.iban.slice(0, 2).toUpperCase();
      const account = await stripe.accounts.create(
        {
          type: 'custom',
          country,
          capabilities: { transfers: { requested: true } },
          business_type: 'individual',
          external_account: {
            object: 'bank_account',
            country,
            currency: request.currency,
            account_number: request.destination.iban,
            account_holder_name: request.destination.accountHolder,
          },
          metadata: request.metadata,
        },
        { idempotencyKey: `${request.idempotencyKey}:account` },
      );
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          destination: account.id,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toPayoutState(transfer);
    },

    async retrievePayout(reference) {
      return toPayoutState(await stripe.transfers.retrieve(reference));
    },

    verifyWebhook(rawBody, headers) {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        headers.get('stripe-signature') ?? '',
        options.webhookSecret,
      );
      return { id: event.id, type: event.type, reference: getEventReference(event) };
    },
  };
}

/** A transfer is settled once created; a reversed one means the money came back. */
function toPayoutState(transfer: Stripe.Transfer): ProviderPayoutState {
  return {
    reference: transfer.id,
    status: transfer.reversed ? 'failed' : 'paid',
    failureReason: transfer.reversed ? 'transfer_reversed' : undefined,
    amountCents: transfer.amount,
    currency: transfer.currency,
  };
}

function getEventReference(event: Stripe.Event): string | null {
  if (!STRIPE_EVENT_ALLOWLIST.has(event.type)) return null;
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === 'payment_intent') return object.id ?? null;
  const intent = object.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/**
 * Only Stripe's terminal states are terminal here: an intent whose card was declined goes back to
 * 'requires_payment_method' and can still be paid with another card, so it stays 'processing'
 * (with the decline code) and a retry confirms the same intent instead of creating a second one.
 */
function toState(intent: Stripe.PaymentIntent): ProviderPaymentState {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
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
    wallet: charge?.payment_method_details?.card?.wallet?.type ?? undefined,
    clientSecret: intent.client_secret ?? undefined,
    amountCents: intent.amount,
    currency: intent.currency,
    paymentId: intent.metadata?.paymentId,
  };
}
