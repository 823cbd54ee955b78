import type { Db } from '../lib/db.ts';
import { paymentWebhookEvents } from './schema.ts';

/** A provider's webhook event, by the provider's own id. */
export type WebhookEvent = { provider: string; id: string };

/**
 * Records a webhook event in the transaction that applies it. False when it was recorded before:
 * a replay, which the caller then leaves without effect.
 */
export async function recordWebhookEvent(tx: Db, event: WebhookEvent): Promise<boolean> {
  const recorded = await tx
    .insert(paymentWebhookEvents)
    .values({ provider: event.provider, eventId: event.id })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return recorded.length > 0;
}
