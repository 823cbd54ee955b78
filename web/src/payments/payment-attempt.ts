import type { OwnerCalendar } from '@firstday/common/calendars';
import { type PollOptions, pollUntil } from '../lib/poll.ts';

/** One payment attempt: its idempotency key and the method it was made for. */
export type PaymentAttempt = { key: string; methodSignature: string };

/**
 * The attempt to send: the same one again when it is a retry of the same method (the network failed
 * and the first request may have charged), a new one otherwise. After a decline the caller clears the
 * attempt, so the next try is a new payment.
 */
export function getPaymentAttempt(
  current: PaymentAttempt | null,
  methodSignature: string,
  createKey: () => string,
): PaymentAttempt {
  if (current && current.methodSignature === methodSignature) return current;
  return { key: createKey(), methodSignature };
}

export const POLL_INTERVAL_MS = 700;
export const POLL_TIMEOUT_MS = 30_000;

/**
 * Asks for the calendar until the payment provider's confirmation has made it active. Resolves with
 * the active calendar, or null when it is still not confirmed after `timeoutMs`.
 */
export async function pollUntilActive(
  fetchCalendar: (signal?: AbortSignal) => Promise<OwnerCalendar>,
  { intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS, ...options }: Partial<PollOptions> = {},
): Promise<OwnerCalendar | null> {
  const calendar = await pollUntil(
    async (signal) => {
      const answer = await fetchCalendar(signal);
      return answer.status === 'draft' ? undefined : answer;
    },
    { intervalMs, timeoutMs, ...options },
  );
  return calendar ?? null;
}
