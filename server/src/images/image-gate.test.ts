import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../lib/errors.ts';
import { createImageGate } from './image-gate.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => vi.useRealTimers());

describe('createImageGate', () => {
  it('decodes at most `concurrency` photos at once, in the order they came', async () => {
    const gate = createImageGate({ concurrency: 2, queueLength: 5 });
    const works = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = works.map((work, index) => {
      const ticket = gate.enter();
      return ticket
        .decode(async () => {
          started.push(index);
          await work.promise;
        })
        .finally(() => ticket.leave());
    });
    await expect.poll(() => started).toEqual([0, 1]);
    expect(gate.waiting).toBe(2);
    works[1]!.resolve();
    await expect.poll(() => started).toEqual([0, 1, 2]);
    for (const work of works) work.resolve();
    await Promise.all(done);
    expect(started).toEqual([0, 1, 2, 3]);
    expect({ inside: gate.inside, waiting: gate.waiting }).toEqual({ inside: 0, waiting: 0 });
  });

  it('refuses an upload beyond the slots and the queue at once, with Retry-After', () => {
    const gate = createImageGate({ concurrency: 1, queueLength: 1 });
    const first = gate.enter();
    gate.enter();
    let refused: AppError | undefined;
    try {
      gate.enter();
    } catch (error) {
      refused = error as AppError;
    }
    expect(refused).toMatchObject({ code: 'image_busy', status: 503, headers: { 'Retry-After': '10' } });
    first.leave();
    first.leave();
    expect(gate.inside).toBe(1);
    expect(() => gate.enter().leave()).not.toThrow();
  });

  it('gives up waiting after maxWaitMs with 503, and the slot still passes on', async () => {
    vi.useFakeTimers();
    const gate = createImageGate({ concurrency: 1, queueLength: 2, maxWaitMs: 10_000 });
    const busy = deferred();
    const holding = gate.enter().decode(() => busy.promise);
    const late = gate.enter().decode(async () => 'decoded');
    const outcome = late.catch((error: AppError) => error.code);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBe('image_busy');
    expect(gate.waiting).toBe(0);
    busy.resolve();
    await holding;
    expect(await gate.enter().decode(async () => 'next')).toBe('next');
  });
});
