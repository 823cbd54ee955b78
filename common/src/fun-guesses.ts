import { z } from 'zod';
import { formatNumber } from './format.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

// Guessing for fun beside the date (never a prize): the time of birth and the weight, and the
// baby's details in the announcement. One module for their rules and formats, client and server.

export const MINUTES_PER_DAY = 1440;
export const GRAMS_PER_OUNCE = 28.349523125;
export const OUNCES_PER_POUND = 16;

/** A guest's plausible weight guess, in grams. */
export const GUESS_WEIGHT_MIN_GRAMS = 300;
export const GUESS_WEIGHT_MAX_GRAMS = 7000;
/** The announced weight: real babies can be smaller or larger than any guess we accept. */
export const BIRTH_WEIGHT_MIN_GRAMS = 100;
export const BIRTH_WEIGHT_MAX_GRAMS = 9000;

export const BABY_NAME_MAX_LENGTH = 80;

/** Minutes after midnight, 0–1439. */
export function createTimeMinutesSchema(what: string) {
  return z
    .number({ error: `Please enter the ${what}.` })
    .int(`Please enter the ${what} in whole minutes.`)
    .min(0, `Please enter a ${what} between 12:00 AM and 11:59 PM.`)
    .max(MINUTES_PER_DAY - 1, `Please enter a ${what} between 12:00 AM and 11:59 PM.`);
}

/** A weight as a person types it: grams, or pounds and ounces. */
export type WeightInput = { unit: 'g'; grams: number } | { unit: 'lb'; pounds: number; ounces: number };
export type WeightUnit = WeightInput['unit'];

export function poundsOuncesToGrams(pounds: number, ounces: number): number {
  return Math.round((pounds * OUNCES_PER_POUND + ounces) * GRAMS_PER_OUNCE);
}

/** Whole pounds and ounces, the ounces rounded (7 lb 15.6 oz → 8 lb 0 oz). */
export function gramsToPoundsOunces(grams: number): { pounds: number; ounces: number } {
  const totalOunces = Math.round(grams / GRAMS_PER_OUNCE);
  return { pounds: Math.floor(totalOunces / OUNCES_PER_POUND), ounces: totalOunces % OUNCES_PER_POUND };
}

export function toGrams(weight: WeightInput): number {
  return weight.unit === 'g' ? Math.round(weight.grams) : poundsOuncesToGrams(weight.pounds, weight.ounces);
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

/** '15:45' (an `<input type="time">` value) → 945; anything else → null. */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** 945 → '15:45' (an `<input type="time">` value). */
export function formatTimeInput(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 945 → '3:45 PM', 0 → '12:00 AM' in English; '15:45', '0:00' where the 24-hour clock is read (de, ru). */
export function formatTimeOfDay(minutes: number, locale: Locale = DEFAULT_LOCALE): string {
  const hours = Math.floor(minutes / 60);
  if (locale !== 'en') return `${hours}:${String(minutes % 60).padStart(2, '0')}`;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

/** The gram's symbol in each language. */
const GRAM_SYMBOL: Record<Locale, string> = { en: 'g', de: 'g', ru: 'г' };

/** 3450 → '3,450 g' ('3.450 g' in German, '3 450 г' in Russian); with 'lb': '7 lb 10 oz'. */
export function formatWeight(grams: number, unit: WeightUnit = 'g', locale: Locale = DEFAULT_LOCALE): string {
  if (unit === 'g') return `${formatNumber(grams, locale)} ${GRAM_SYMBOL[locale]}`;
  const { pounds, ounces } = gramsToPoundsOunces(grams);
  return `${pounds} lb ${ounces} oz`;
}

/** Both units for English readers, who may think in either: '3,450 g (7 lb 10 oz)'; grams alone elsewhere. */
export function formatWeightBoth(grams: number, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== 'en') return formatWeight(grams, 'g', locale);
  return `${formatWeight(grams, 'g')} (${formatWeight(grams, 'lb')})`;
}

/** Minutes between two times of day, around midnight: 23:50 and 00:10 are 20 minutes apart. */
export function getTimeDistance(a: number, b: number): number {
  const direct = Math.abs(a - b) % MINUTES_PER_DAY;
  return Math.min(direct, MINUTES_PER_DAY - direct);
}

/** '2 h 5 min', '45 min', '1 h'. */
export function formatMinutesOff(minutes: number, locale: Locale = DEFAULT_LOCALE): string {
  const { hour, minute } = DURATION_UNITS[locale];
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} ${minute}`;
  return rest === 0 ? `${hours} ${hour}` : `${hours} ${hour} ${rest} ${minute}`;
}

/** The hour's and the minute's abbreviations in each language. */
const DURATION_UNITS: Record<Locale, { hour: string; minute: string }> = {
  en: { hour: 'h', minute: 'min' },
  de: { hour: 'Std.', minute: 'Min.' },
  ru: { hour: 'ч', minute: 'мин' },
};
