import type { OwnerCalendar } from '@firstday/common/calendars';

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

type PollOptions = {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Asks for the calendar until the payment provider's confirmation has made it active. Resolves with
 * the active calendar, or null when it is still not confirmed after `timeoutMs`.
 */
export async function pollUntilActive(
  fetchCalendar: (signal?: AbortSignal) => Promise<OwnerCalendar>,
  {
    intervalMs = POLL_INTERVAL_MS,
    timeoutMs = POLL_TIMEOUT_MS,
    signal,
    now = Date.now,
    sleep = sleepFor,
  }: PollOptions = {},
): Promise<OwnerCalendar | null> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const calendar = await fetchCalendar(signal);
    if (calendar.status !== 'draft') return calendar;
    if (now() + intervalMs > deadline) return null;
    await sleep(intervalMs, signal);
  }
}
