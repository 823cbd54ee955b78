import { describe, expect, it } from 'vitest';
import { formatBirthWeight, formatMinutesOfDay, getKeepsakeCalendarRange, getKeepsakeFileName } from './keepsake.ts';

const window = { first: '2026-04-06', last: '2026-05-18' };

describe('keepsake helpers', () => {
  it('formats the time of day and the weight', () => {
    expect(formatMinutesOfDay(0)).toBe('12:00 AM');
    expect(formatMinutesOfDay(6 * 60 + 42)).toBe('6:42 AM');
    expect(formatMinutesOfDay(12 * 60 + 5)).toBe('12:05 PM');
    expect(formatMinutesOfDay(23 * 60 + 59)).toBe('11:59 PM');
    expect(formatBirthWeight(3410)).toBe('3,410 g (7 lb 8 oz)');
  });

  it('widens the calendar to a birthday near the window, not to one far away', () => {
    const range = (birthDate: string) => getKeepsakeCalendarRange({ window, announcement: { birthDate } as never });
    expect(range('2026-05-01')).toEqual(window);
    expect(range('2026-05-30')).toEqual({ first: '2026-04-06', last: '2026-05-30' });
    expect(range('2026-03-20')).toEqual({ first: '2026-03-20', last: '2026-05-18' });
    expect(range('2024-01-01')).toEqual(window);
  });

  it('names the download without characters file systems refuse', () => {
    expect(getKeepsakeFileName('Baby: "Rose" / 2026')).toBe('Firstday keepsake - Baby Rose 2026.pdf');
    expect(getKeepsakeFileName('  ')).toBe('Firstday keepsake - calendar.pdf');
  });
});
