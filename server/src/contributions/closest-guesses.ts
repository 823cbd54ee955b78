import type { PublicTimeGuess, PublicWeightGuess } from '@firstday/common/contributions';
import { getTimeDistance } from '@firstday/common/fun-guesses';
import { toPublicName } from './display-name.ts';

/** At most this many tied guesses are shown for the time and for the weight. */
export const CLOSEST_TIED_MAX = 3;

/** A confirmed contribution's fun guesses, in the order they were made. */
export type FunGuessRow = { name: string; minutes: number | null; grams: number | null };

/**
 * The guesses nearest `target` by `distance`: every one tied for the smallest distance, the
 * earliest first, at most `CLOSEST_TIED_MAX`. Rows without a value are skipped.
 */
export function pickClosest<T>(
  rows: readonly T[],
  readValue: (row: T) => number | null,
  distance: (value: number) => number,
): { row: T; value: number; off: number }[] {
  let best = Number.POSITIVE_INFINITY;
  let closest: { row: T; value: number; off: number }[] = [];
  for (const row of rows) {
    const value = readValue(row);
    if (value === null) continue;
    const off = distance(value);
    if (off < best) {
      best = off;
      closest = [{ row, value, off }];
    } else if (off === best && closest.length < CLOSEST_TIED_MAX) {
      closest.push({ row, value, off });
    }
  }
  return closest;
}

/** Closest to the announced time of birth, counted around midnight (23:50 is 20 minutes from 00:10). */
export function pickClosestTimes(
  rows: readonly FunGuessRow[],
  birthMinutes: number,
  hideNames: boolean,
): PublicTimeGuess[] {
  return pickClosest(
    rows,
    (row) => row.minutes,
    (minutes) => getTimeDistance(minutes, birthMinutes),
  ).map(({ row, value, off }) => ({ name: toPublicName(row.name, hideNames), minutes: value, minutesOff: off }));
}

/** Closest to the announced weight, by grams. */
export function pickClosestWeights(
  rows: readonly FunGuessRow[],
  birthGrams: number,
  hideNames: boolean,
): PublicWeightGuess[] {
  return pickClosest(
    rows,
    (row) => row.grams,
    (grams) => Math.abs(grams - birthGrams),
  ).map(({ row, value, off }) => ({ name: toPublicName(row.name, hideNames), grams: value, gramsOff: off }));
}
