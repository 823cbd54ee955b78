import { describe, expect, it } from 'vitest';
import { getFirstOpenGuessDay, isPastGuessDay } from './guess-window.ts';

describe('the first day a guess may name', () => {
  it('is yesterday (UTC) until noon UTC, when the day has ended in UTC−12 too', () => {
    expect(getFirstOpenGuessDay(new Date('2030-01-10T11:59:59.999Z'))).toBe('2030-01-09');
    expect(getFirstOpenGuessDay(new Date('2030-01-10T12:00:00.000Z'))).toBe('2030-01-10');
    expect(getFirstOpenGuessDay(new Date('2030-01-10T23:59:59.999Z'))).toBe('2030-01-10');
  });

  it('never closes the local today of anyone, from UTC−12 to UTC+14', () => {
    // 00:30 on January 9 in UTC−12 is 02:30 on January 10 in UTC+14: both local todays are open.
    const now = new Date('2030-01-09T12:30:00Z');
    expect(isPastGuessDay('2030-01-09', now)).toBe(false);
    expect(isPastGuessDay('2030-01-10', now)).toBe(false);
    expect(isPastGuessDay('2030-01-08', now)).toBe(true);
  });

  it('crosses months and years', () => {
    expect(getFirstOpenGuessDay(new Date('2030-01-01T06:00:00Z'))).toBe('2029-12-31');
    expect(getFirstOpenGuessDay(new Date('2030-03-01T00:00:00Z'))).toBe('2030-02-28');
  });
});
