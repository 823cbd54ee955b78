import { describe, expect, it } from 'vitest';
import { countGuesses, countGuessesPerDay, getKeepsakeCalendarRange, getKeepsakeFileName } from './keepsake.ts';

const window = { first: '2026-04-06', last: '2026-05-18' };

describe('keepsake helpers', () => {
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

  it('counts the guesses per day, leaving out welcome gifts, which guess no day', () => {
    const counts = countGuessesPerDay([
      { guessedDate: '2026-05-01' },
      { guessedDate: '2026-05-01' },
      { guessedDate: '2026-05-03' },
      { guessedDate: null },
    ]);
    expect([...counts]).toEqual([
      ['2026-05-01', 2],
      ['2026-05-03', 1],
    ]);
    expect(countGuesses(counts)).toBe(3);
  });
});
