import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createRateLimiter } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows the limit, refuses the next hit with Retry-After, and opens again after the window', () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000 }, () => time);
    limiter.hit('a');
    limiter.hit('a');
    let refused: unknown;
    try {
      limiter.hit('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).headers?.['Retry-After']).toBe('10');
    limiter.hit('b');
    time = 10_000;
    expect(() => limiter.hit('a')).not.toThrow();
  });
});
