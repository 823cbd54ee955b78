import type { Currency } from '@firstday/common/currency';
import { gramsToPoundsOunces, toGrams, type WeightInput, type WeightUnit } from '@firstday/common/fun-guesses';
import type { z } from 'zod';

/** What the weight fields hold as the person types: text, in the unit they chose. */
export type WeightValue = { unit: WeightUnit; grams: string; pounds: string; ounces: string };

export const EMPTY_WEIGHT: WeightValue = { unit: 'g', grams: '', pounds: '', ounces: '' };

/** The unit a calendar's family most likely weighs a baby in: pounds on a US-dollar calendar, else grams. */
export function getUsualWeightUnit(currency: Currency): WeightUnit {
  return currency === 'usd' ? 'lb' : 'g';
}

/** A saved weight shown in `unit`; empty fields for none. */
export function getWeightValue(grams: number | null, unit: WeightUnit = 'g'): WeightValue {
  if (grams === null) return { ...EMPTY_WEIGHT, unit };
  const { pounds, ounces } = gramsToPoundsOunces(grams);
  return { unit, grams: String(grams), pounds: String(pounds), ounces: String(ounces) };
}

/** '3,450' and '3 450' read as 3450; anything but a plain number is NaN (the schema says what is wrong). */
function readNumber(text: string): number {
  const plain = text.replace(/[\s,]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

function isEmpty(value: WeightValue): boolean {
  return value.unit === 'g' ? value.grams.trim() === '' : value.pounds.trim() === '' && value.ounces.trim() === '';
}

/** The weight to send: null when left empty; pounds without ounces mean whole pounds. */
export function toWeightInput(value: WeightValue): WeightInput | null {
  if (isEmpty(value)) return null;
  if (value.unit === 'g') return { unit: 'g', grams: readNumber(value.grams) };
  return {
    unit: 'lb',
    pounds: value.pounds.trim() === '' ? 0 : readNumber(value.pounds),
    ounces: value.ounces.trim() === '' ? 0 : readNumber(value.ounces),
  };
}

/** The schema's first message for the typed weight, or undefined when it is fine (or empty). */
export function checkWeight(value: WeightValue, schema: z.ZodType): string | undefined {
  const input = toWeightInput(value);
  if (input === null) return undefined;
  if (Number.isNaN(input.unit === 'g' ? input.grams : input.pounds + input.ounces)) return 'Please enter a number.';
  const result = schema.safeParse(input);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Please check the weight.');
}

/** Switching the unit carries a typed weight over, converted; an unreadable one stays as typed. */
export function changeWeightUnit(value: WeightValue, unit: WeightUnit): WeightValue {
  if (unit === value.unit) return value;
  const input = toWeightInput(value);
  const grams = input ? toGrams(input) : Number.NaN;
  if (!Number.isFinite(grams)) return { ...value, unit };
  return getWeightValue(grams, unit);
}
