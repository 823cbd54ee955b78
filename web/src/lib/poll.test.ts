import { describe, expect, it, vi } from 'vitest';
import { pollUntil } from './poll.ts';

describe('pollUntil', () => {
  it('answers the first value the check finds, waiting between tries', async () => {
    const answers = [undefined, undefined, 'done'];
    const sleep = vi.fn(async () => {});
    const value = await pollUntil(async () => answers.shift(), { intervalMs: 500, timeoutMs: 10_000, sleep });
    expect(value).toBe('done');
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(500, undefined);
  });

  it('answers undefined when the next try would come after the time limit', async () => {
    let clock = 0;
    const check = vi.fn(async () => undefined);
    const sleep = async (ms: number) => {
      clock += ms;
    };
    await expect(pollUntil(check, { intervalMs: 1000, timeoutMs: 2500, now: () => clock, sleep })).resolves.toBe(
      undefined,
    );
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    const polling = pollUntil(async () => undefined, {
      intervalMs: 60_000,
      timeoutMs: 120_000,
      signal: controller.signal,
    });
    controller.abort(new Error('left the page'));
    await expect(polling).rejects.toThrow('left the page');
  });
});
