import { describe, expect, it } from 'vitest';
import { type FunGuessRow, pickClosestTimes, pickClosestWeights } from './closest-guesses.ts';

function row(name: string, minutes: number | null, grams: number | null = null): FunGuessRow {
  return { name, minutes, grams };
}

describe('the closest time guesses', () => {
  it('counts around midnight', () => {
    const rows = [row('Ann Lee', 22 * 60), row('Bob Stone', 23 * 60 + 50), row('Cy Young', 60)];
    // Born at 00:10: 23:50 is 20 minutes off, 01:00 is 50.
    expect(pickClosestTimes(rows, 10, false)).toEqual([{ name: 'Bob Stone', minutes: 1430, minutesOff: 20 }]);
  });

  it('shows every tied guess, the earliest first, at most three, and skips guesses without a time', () => {
    const rows = [
      row('No Time', null),
      row('Ann', 600),
      row('Bob', 660),
      row('Cy', 600),
      row('Di', 660),
      row('Ed', 540),
      row('Far', 300),
    ];
    // Born at 10:30: 10:00 and 11:00 are both 30 minutes off; 9:00 is 90.
    expect(pickClosestTimes(rows, 630, false).map((guess) => guess.name)).toEqual(['Ann', 'Bob', 'Cy']);
  });

  it('follows the hide-names flag', () => {
    expect(pickClosestTimes([row('Grace Hopper', 100)], 100, true)).toEqual([
      { name: 'G. H.', minutes: 100, minutesOff: 0 },
    ]);
  });

  it('is empty when nobody guessed a time', () => {
    expect(pickClosestTimes([row('Ann', null)], 100, false)).toEqual([]);
  });
});

describe('the closest weight guesses', () => {
  it('is the nearest by grams, above or below', () => {
    const rows = [row('Ann', null, 3000), row('Bob', null, 3600), row('Cy', null, 3300), row('Di', null, 3500)];
    expect(pickClosestWeights(rows, 3400, false)).toEqual([
      { name: 'Cy', grams: 3300, gramsOff: 100 },
      { name: 'Di', grams: 3500, gramsOff: 100 },
    ]);
  });
});
