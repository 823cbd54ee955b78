import { z } from 'zod';
import { formatNumber } from './format.ts';
import {
  BIRTH_WEIGHT_MAX_GRAMS,
  BIRTH_WEIGHT_MIN_GRAMS,
  GRAMS_PER_OUNCE,
  GUESS_WEIGHT_MAX_GRAMS,
  GUESS_WEIGHT_MIN_GRAMS,
  MINUTES_PER_DAY,
  OUNCES_PER_POUND,
  toGrams,
} from './fun-guesses.ts';

// The schemas of the guesses for fun (fun-guesses.ts): apart from their formats, which the guest
// page shows before anyone opens a form, so that page does not load zod.

/** Minutes after midnight, 0–1439. */
export function createTimeMinutesSchema(what: string) {
  return z
    .number({ error: `Please enter the ${what}.` })
    .int(`Please enter the ${what} in whole minutes.`)
    .min(0, `Please enter a ${what} between 12:00 AM and 11:59 PM.`)
    .max(MINUTES_PER_DAY - 1, `Please enter a ${what} between 12:00 AM and 11:59 PM.`);
}

/** The smallest and largest whole-ounce weights within a gram range, for messages in pounds. */
function describeRangeInPounds(min: number, max: number): string {
  // Grams are rounded from ounces, so a whole ounce count is in range when it rounds into it.
  const lowest = Math.ceil((min - 0.5) / GRAMS_PER_OUNCE);
  const highest = Math.floor((max + 0.49) / GRAMS_PER_OUNCE);
  const format = (ounces: number) => `${Math.floor(ounces / OUNCES_PER_POUND)} lb ${ounces % OUNCES_PER_POUND} oz`;
  return `${format(lowest)} and ${format(highest)}`;
}

/**
 * A weight in grams or pounds + ounces, checked against `min`–`max` grams in the unit the person
 * used, and turned into grams.
 */
export function createWeightSchema({ min, max, what }: { min: number; max: number; what: string }) {
  return z
    .discriminatedUnion(
      'unit',
      [
        z.object({
          unit: z.literal('g'),
          grams: z.number({ error: `Please enter the ${what} in grams.` }).int('Please enter whole grams.'),
        }),
        z.object({
          unit: z.literal('lb'),
          pounds: z
            .number({ error: 'Please enter the pounds.' })
            .int('Please enter whole pounds.')
            .min(0, 'Please enter the pounds.'),
          ounces: z
            .number({ error: 'Please enter the ounces.' })
            .min(0, 'Please enter 0 to 15 ounces.')
            .lt(OUNCES_PER_POUND, 'Please enter 0 to 15 ounces.'),
        }),
      ],
      { error: 'Please choose grams or pounds and ounces.' },
    )
    .superRefine((weight, context) => {
      const grams = toGrams(weight);
      if (grams >= min && grams <= max) return;
      context.addIssue({
        code: 'custom',
        message:
          weight.unit === 'g'
            ? `Please enter a ${what} between ${formatNumber(min)} and ${formatNumber(max)} grams.`
            : `Please enter a ${what} between ${describeRangeInPounds(min, max)}.`,
      });
    })
    .transform(toGrams);
}

export const GuessedTimeSchema = createTimeMinutesSchema('time');
export const GuessedWeightSchema = createWeightSchema({
  min: GUESS_WEIGHT_MIN_GRAMS,
  max: GUESS_WEIGHT_MAX_GRAMS,
  what: 'weight',
});
export const BirthTimeSchema = createTimeMinutesSchema('time of birth');
export const BirthWeightSchema = createWeightSchema({
  min: BIRTH_WEIGHT_MIN_GRAMS,
  max: BIRTH_WEIGHT_MAX_GRAMS,
  what: 'weight',
});
