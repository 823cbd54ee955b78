import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/errors.ts';
import type { VerifiedWebhookEvent } from './payment-provider.ts';
import { applyProviderState } from './payment-transitions.ts';
import { applyPayoutState, findPayoutByReference, refreshPayoutRecipient } from './payouts.ts';

/**
 * `POST /api/payments/webhooks/:provider`: the provider's signed events. Webhooks come from servers
 * (no Origin header), so the CSRF check lets them through; the signature is what authenticates them.
 */
export function createPaymentWebhookRoutes(context: AppContext) {
  return new Hono().post('/:provider', async (c) => {
    const provider = context.payments;
    if (c.req.param('provider') !== provider.name) {
      throw AppError.notFound('This payment provider is not enabled here.');
    }
    // The signature covers the exact bytes, so the body is read raw, never re-serialised JSON.
    const rawBody = await c.req.text();
    let event: VerifiedWebhookEvent;
    try {
      event = provider.verifyWebhook(rawBody, c.req.raw.headers);
    } catch {
      throw new AppError('invalid_signature', 'The webhook signature is not valid.', 400);
    }
    const { reference } = event;
    if (reference && event.kind === 'recipient') await handleRecipientEvent(context, { ...event, reference });
    else if (reference && event.kind === 'payout') await handlePayoutEvent(context, { ...event, reference });
    else if (reference) await handlePaymentEvent(context, { ...event, reference });
    return c.json({ received: true });
  });
}

/**
 * Acts on the provider's current state, re-read from its API: the event body is only a hint. The
 * payment is found by the provider's reference, or by the id we sent as metadata while our row has
 * none (reconcile.ts `findPaymentForState` reads the same way), in the transition's own statement.
 */
async function handlePaymentEvent(context: AppContext, event: VerifiedWebhookEvent & { reference: string }) {
  const state = await context.payments.retrievePayment(event.reference);
  const { found } = await applyProviderState(
    context,
    { reference: state.reference, paymentId: state.paymentId },
    state,
    { webhookEvent: { provider: context.payments.name, id: event.id } },
  );
  if (found === false) {
    context.logger.info({ eventId: event.id, type: event.type }, 'webhook for a payment we do not know: ignored');
  }
}

/** A payout event: like payments, the state comes from the provider's API, not the event body. */
async function handlePayoutEvent(context: AppContext, event: VerifiedWebhookEvent & { reference: string }) {
  const payout = await findPayoutByReference(context.db, context.payments.name, event.reference);
  if (!payout) {
    // Our write of the reference may not have landed yet: reconciliation settles it.
    context.logger.info({ eventId: event.id, type: event.type }, 'webhook for a payout we do not know: ignored');
    return;
  }
  const state = await context.payments.retrievePayout(event.reference);
  await applyPayoutState(context, payout.id, state, {
    webhookEvent: { provider: context.payments.name, id: event.id },
  });
}

/**
 * A payout recipient changed (Stripe's `account.updated`: verification done, a document asked for,
 * rejected): re-read and recorded; a payout that waited for it goes out now.
 */
async function handleRecipientEvent(context: AppContext, event: VerifiedWebhookEvent & { reference: string }) {
  const calendar = await refreshPayoutRecipient(context, event.reference);
  if (!calendar) {
    context.logger.info(
      { eventId: event.id, type: event.type },
      'webhook for a payout recipient we do not use: ignored',
    );
  }
}
