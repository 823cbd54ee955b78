import type { OwnerCalendar } from '@firstday/common/calendars';
import { describe, expect, it, vi } from 'vitest';
import { getPaymentAttempt, pollUntilActive } from './payment-attempt.ts';

describe('getPaymentAttempt', () => {
  it('makes a key for a first attempt', () => {
    expect(getPaymentAttempt(null, 'card:4242', () => 'key-1')).toEqual({ key: 'key-1', methodSignature: 'card:4242' });
  });

  it('reuses the key when the same attempt is retried', () => {
    const attempt = { key: 'key-1', methodSignature: 'card:4242' };
    expect(getPaymentAttempt(attempt, 'card:4242', () => 'key-2')).toBe(attempt);
  });

  it('makes a new key when the method changed', () => {
    const attempt = { key: 'key-1', methodSignature: 'card:4242' };
    expect(getPaymentAttempt(attempt, 'wallet:apple_pay', () => 'key-2').key).toBe('key-2');
  });
});

function calendarWith(status: OwnerCalendar['status']) {
  return { status } as OwnerCalendar;
}

describe('pollUntilActive', () => {
  it('asks until the calendar is active', async () => {
    const answers = [calendarWith('draft'), calendarWith('draft'), calendarWith('active')];
    const fetchCalendar = vi.fn(async () => answers.shift() as OwnerCalendar);
    const sleep = vi.fn(async () => {});
    await expect(pollUntilActive(fetchCalendar, { sleep })).resolves.toMatchObject({ status: 'active' });
    expect(fetchCalendar).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(700, undefined);
  });

  it('gives up with null after the time limit', async () => {
    let clock = 0;
    const sleep = vi.fn(async (ms: number) => {
      clock += ms;
    });
    const fetchCalendar = vi.fn(async () => calendarWith('draft'));
    await expect(pollUntilActive(fetchCalendar, { sleep, now: () => clock, timeoutMs: 3000 })).resolves.toBeNull();
    expect(fetchCalendar.mock.calls.length).toBeLessThanOrEqual(6);
  });
});
