import { describe, expect, it } from 'vitest';
import { BirthWeightSchema, GuessedTimeSchema, GuessedWeightSchema } from './fun-guess-schemas.ts';
import {
  formatMinutesOff,
  formatTimeInput,
  formatTimeOfDay,
  formatWeight,
  formatWeightBoth,
  getTimeDistance,
  gramsToPoundsOunces,
  parseTimeInput,
  poundsOuncesToGrams,
} from './fun-guesses.ts';

describe('times of day', () => {
  it('formats minutes after midnight as a US clock time', () => {
    expect(formatTimeOfDay(0)).toBe('12:00 AM');
    expect(formatTimeOfDay(59)).toBe('12:59 AM');
    expect(formatTimeOfDay(9 * 60 + 5)).toBe('9:05 AM');
    expect(formatTimeOfDay(12 * 60)).toBe('12:00 PM');
    expect(formatTimeOfDay(15 * 60 + 45)).toBe('3:45 PM');
    expect(formatTimeOfDay(1439)).toBe('11:59 PM');
  });

  it('reads and writes time input values', () => {
    expect(parseTimeInput('15:45')).toBe(945);
    expect(parseTimeInput('00:00')).toBe(0);
    expect(parseTimeInput('23:59:30')).toBe(1439);
    expect(parseTimeInput('24:00')).toBeNull();
    expect(parseTimeInput('')).toBeNull();
    expect(parseTimeInput('3:45 PM')).toBeNull();
    expect(formatTimeInput(945)).toBe('15:45');
    expect(formatTimeInput(5)).toBe('00:05');
  });

  it('measures the distance around midnight', () => {
    expect(getTimeDistance(23 * 60 + 50, 10)).toBe(20);
    expect(getTimeDistance(10, 23 * 60 + 50)).toBe(20);
    expect(getTimeDistance(600, 900)).toBe(300);
    expect(getTimeDistance(0, 720)).toBe(720);
    expect(getTimeDistance(100, 100)).toBe(0);
    expect(formatMinutesOff(0)).toBe('0 min');
    expect(formatMinutesOff(45)).toBe('45 min');
    expect(formatMinutesOff(120)).toBe('2 h');
    expect(formatMinutesOff(125)).toBe('2 h 5 min');
  });

  it('accepts 0–1439 whole minutes only', () => {
    expect(GuessedTimeSchema.safeParse(0).success).toBe(true);
    expect(GuessedTimeSchema.safeParse(1439).success).toBe(true);
    expect(GuessedTimeSchema.safeParse(1440).error?.issues[0]?.message).toBe(
      'Please enter a time between 12:00 AM and 11:59 PM.',
    );
    expect(GuessedTimeSchema.safeParse(-1).success).toBe(false);
    expect(GuessedTimeSchema.safeParse(10.5).success).toBe(false);
  });
});

describe('weights', () => {
  it('converts pounds and ounces to grams and back', () => {
    expect(poundsOuncesToGrams(7, 10)).toBe(3459);
    expect(poundsOuncesToGrams(8, 0)).toBe(3629);
    expect(gramsToPoundsOunces(3459)).toEqual({ pounds: 7, ounces: 10 });
    expect(gramsToPoundsOunces(3450)).toEqual({ pounds: 7, ounces: 10 });
    // 15.9 oz rounds up into the next pound.
    expect(gramsToPoundsOunces(poundsOuncesToGrams(7, 15.9))).toEqual({ pounds: 8, ounces: 0 });
  });

  it('formats grams and pounds', () => {
    expect(formatWeight(3450)).toBe('3,450 g');
    expect(formatWeight(950)).toBe('950 g');
    expect(formatWeight(3450, 'lb')).toBe('7 lb 10 oz');
    expect(formatWeightBoth(3450)).toBe('3,450 g (7 lb 10 oz)');
  });

  it('turns a guess in either unit into grams within 300–7,000 g, with messages in its unit', () => {
    expect(GuessedWeightSchema.parse({ unit: 'g', grams: 3450 })).toBe(3450);
    expect(GuessedWeightSchema.parse({ unit: 'lb', pounds: 7, ounces: 10 })).toBe(3459);
    expect(GuessedWeightSchema.parse({ unit: 'g', grams: 300 })).toBe(300);
    expect(GuessedWeightSchema.parse({ unit: 'g', grams: 7000 })).toBe(7000);
    expect(GuessedWeightSchema.safeParse({ unit: 'g', grams: 299 }).error?.issues[0]?.message).toBe(
      'Please enter a weight between 300 and 7,000 grams.',
    );
    expect(GuessedWeightSchema.safeParse({ unit: 'lb', pounds: 16, ounces: 0 }).error?.issues[0]?.message).toBe(
      'Please enter a weight between 0 lb 11 oz and 15 lb 6 oz.',
    );
    // The bounds of that message are really the bounds.
    expect(GuessedWeightSchema.safeParse({ unit: 'lb', pounds: 0, ounces: 11 }).success).toBe(true);
    expect(GuessedWeightSchema.safeParse({ unit: 'lb', pounds: 0, ounces: 10 }).success).toBe(false);
    expect(GuessedWeightSchema.safeParse({ unit: 'lb', pounds: 15, ounces: 6 }).success).toBe(true);
    expect(GuessedWeightSchema.safeParse({ unit: 'lb', pounds: 15, ounces: 7 }).success).toBe(false);
    expect(GuessedWeightSchema.safeParse({ unit: 'lb', pounds: 7, ounces: 16 }).error?.issues[0]?.message).toBe(
      'Please enter 0 to 15 ounces.',
    );
    expect(GuessedWeightSchema.safeParse({ unit: 'kg', grams: 3 }).success).toBe(false);
    expect(GuessedWeightSchema.safeParse({ unit: 'g', grams: 3450.5 }).success).toBe(false);
  });

  it('accepts a wider range for the announced weight', () => {
    expect(BirthWeightSchema.parse({ unit: 'g', grams: 250 })).toBe(250);
    expect(BirthWeightSchema.safeParse({ unit: 'g', grams: 9001 }).success).toBe(false);
  });
});

describe('the time of day and the weight as the keepsake prints them', () => {
  it('formats both', () => {
    expect(formatTimeOfDay(0)).toBe('12:00 AM');
    expect(formatTimeOfDay(6 * 60 + 42)).toBe('6:42 AM');
    expect(formatTimeOfDay(12 * 60 + 5)).toBe('12:05 PM');
    expect(formatTimeOfDay(23 * 60 + 59)).toBe('11:59 PM');
    expect(formatWeightBoth(3410)).toBe('3,410 g (7 lb 8 oz)');
  });
});

describe('times and weights in each language', () => {
  it('reads the 24-hour clock and grams alone in German and Russian, both units in English', () => {
    expect(formatTimeOfDay(945)).toBe('3:45 PM');
    expect(formatTimeOfDay(945, 'de')).toBe('15:45');
    expect(formatTimeOfDay(5, 'ru')).toBe('0:05');
    expect(formatWeightBoth(3450)).toBe('3,450 g (7 lb 10 oz)');
    expect(formatWeightBoth(3450, 'de')).toBe('3.450 g');
    expect(formatWeightBoth(3450, 'ru')).toBe('3\u00a0450 г');
    expect(formatMinutesOff(125, 'de')).toBe('2 Std. 5 Min.');
    expect(formatMinutesOff(45, 'ru')).toBe('45 мин');
  });
});
