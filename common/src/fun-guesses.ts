import { formatNumber } from './format.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

// Guessing for fun beside the date (never a prize): the time of birth and the weight, and the
// baby's details in the announcement. One module for their rules and formats, client and server;
// their zod schemas are in fun-guess-schemas.ts, so the guest page formats them without loading zod.

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
