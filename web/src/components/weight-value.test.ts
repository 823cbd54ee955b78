import { GuessedWeightSchema } from '@firstday/common/fun-guess-schemas';
import { describe, expect, it } from 'vitest';
import {
  changeWeightUnit,
  checkWeight,
  EMPTY_WEIGHT,
  getUsualWeightUnit,
  getWeightValue,
  toWeightInput,
} from './weight-value.ts';

describe('weight fields', () => {
  it('send nothing when empty, and the unit the person chose otherwise', () => {
    expect(toWeightInput(EMPTY_WEIGHT)).toBeNull();
    expect(toWeightInput({ ...EMPTY_WEIGHT, unit: 'lb' })).toBeNull();
    expect(toWeightInput({ ...EMPTY_WEIGHT, grams: '3,450' })).toEqual({ unit: 'g', grams: 3450 });
    expect(toWeightInput({ ...EMPTY_WEIGHT, unit: 'lb', pounds: '7' })).toEqual({ unit: 'lb', pounds: 7, ounces: 0 });
    expect(toWeightInput({ ...EMPTY_WEIGHT, unit: 'lb', pounds: '7', ounces: '10.5' })).toEqual({
      unit: 'lb',
      pounds: 7,
      ounces: 10.5,
    });
  });

  it('explain what is wrong, in the unit typed', () => {
    expect(checkWeight({ ...EMPTY_WEIGHT, grams: '3450' }, GuessedWeightSchema)).toBeUndefined();
    expect(checkWeight(EMPTY_WEIGHT, GuessedWeightSchema)).toBeUndefined();
    expect(checkWeight({ ...EMPTY_WEIGHT, grams: 'heavy' }, GuessedWeightSchema)).toBe('Please enter a number.');
    expect(checkWeight({ ...EMPTY_WEIGHT, grams: '200' }, GuessedWeightSchema)).toBe(
      'Please enter a weight between 300 and 7,000 grams.',
    );
    expect(checkWeight({ ...EMPTY_WEIGHT, unit: 'lb', pounds: '20', ounces: '' }, GuessedWeightSchema)).toBe(
      'Please enter a weight between 0 lb 11 oz and 15 lb 6 oz.',
    );
  });

  it('convert a typed weight when the unit changes', () => {
    expect(changeWeightUnit({ ...EMPTY_WEIGHT, grams: '3450' }, 'lb')).toEqual({
      unit: 'lb',
      grams: '3450',
      pounds: '7',
      ounces: '10',
    });
    expect(changeWeightUnit({ ...EMPTY_WEIGHT, unit: 'lb', pounds: '8', ounces: '0' }, 'g')).toMatchObject({
      unit: 'g',
      grams: '3629',
    });
    expect(changeWeightUnit(EMPTY_WEIGHT, 'lb')).toEqual({ ...EMPTY_WEIGHT, unit: 'lb' });
    expect(getWeightValue(null, 'lb')).toEqual({ ...EMPTY_WEIGHT, unit: 'lb' });
  });
});

describe('getUsualWeightUnit', () => {
  it('weighs in pounds on a US-dollar calendar and in grams on the others', () => {
    expect(getUsualWeightUnit('usd')).toBe('lb');
    expect(getUsualWeightUnit('eur')).toBe('g');
    expect(getUsualWeightUnit('gbp')).toBe('g');
  });
});
