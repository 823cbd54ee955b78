import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createFailureThrottle } from './failure-throttle.ts';

const rule = { freeFailures: 2, baseDelayMs: 1_000, maxDelayMs: 4_000, forgetAfterMs: 60_000 };

describe('createFailureThrottle', () => {
  it('lets the free failures through, then doubles the wait up to the cap', () => {
    let now = 0;
    const throttle = createFailureThrottle(rule, () => now);
    throttle.recordFailure('a');
    throttle.recordFailure('a');
    expect(throttle.getWaitMs('a')).toBe(1_000);
    now = 1_000;
    expect(throttle.getWaitMs('a')).toBe(0);
    throttle.recordFailure('a');
    expect(throttle.getWaitMs('a')).toBe(2_000);
    throttle.recordFailure('a');
    throttle.recordFailure('a');
    expect(throttle.getWaitMs('a')).toBe(4_000);
    expect(throttle.getWaitMs('b')).toBe(0);
  });

  it('answers 429 with Retry-After while waiting', () => {
    const throttle = createFailureThrottle(rule, () => 0);
    throttle.recordFailure('a');
    throttle.recordFailure('a');
    let refused: unknown;
    try {
      throttle.assertAllowed('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).headers).toEqual({ 'Retry-After': '1' });
  });

  it('forgets a key on success, and after a quiet period', () => {
    let now = 0;
    const throttle = createFailureThrottle(rule, () => now);
    for (let i = 0; i < 3; i++) throttle.recordFailure('a');
    throttle.recordSuccess('a');
    expect(throttle.getWaitMs('a')).toBe(0);
    for (let i = 0; i < 3; i++) throttle.recordFailure('b');
    now = 60_000;
    expect(throttle.getWaitMs('b')).toBe(0);
    throttle.recordFailure('b');
    expect(throttle.getWaitMs('b')).toBe(0);
  });
});
