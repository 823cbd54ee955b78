export type PollOptions = {
  intervalMs: number;
  timeoutMs: number;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // Aborted while the last check ran: an abort event will not come again.
    if (signal?.aborted) return reject(signal.reason);
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
 * Asks `check` every `intervalMs` until it answers a value other than undefined, and resolves with
 * that value; with undefined when the next try would come after `timeoutMs`. Used while waiting
 * for a payment provider's confirmation to reach the server.
 */
export async function pollUntil<T>(
  check: (signal?: AbortSignal) => Promise<T | undefined>,
  { intervalMs, timeoutMs, signal, now = Date.now, sleep = sleepFor }: PollOptions,
): Promise<T | undefined> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const value = await check(signal);
    if (value !== undefined) return value;
    if (now() + intervalMs > deadline) return undefined;
    await sleep(intervalMs, signal);
  }
}
