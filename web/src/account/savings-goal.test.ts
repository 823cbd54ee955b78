import type { CurrentUser } from '@firstday/common/account';
import { describe, expect, it } from 'vitest';
import { formatAmountForInput, getSavingsGoalCurrency, parseAmountInput } from './savings-goal.ts';

describe('getSavingsGoalCurrency', () => {
  const user = (IBAN: string | null, saved: CurrentUser['settings']['savings_goal_currency'] = null) =>
    ({ IBAN, settings: { savings_goal_currency: saved } }) as CurrentUser;

  it('is the currency the goal was saved in', () => {
    expect(getSavingsGoalCurrency(user('DE89 •••• •••• •••• 3000', 'gbp'), 'de')).toBe('gbp');
  });

  it("is else the bank account's money: euros for a German IBAN on an English page, dollars for a US bank", () => {
    expect(getSavingsGoalCurrency(user('DE89 •••• •••• •••• 3000'), 'en')).toBe('eur');
    expect(getSavingsGoalCurrency(user('US ••••6789 (routing 110000000)'), 'de')).toBe('usd');
  });

  it("is else the page language's money", () => {
    expect(getSavingsGoalCurrency(user(null), 'de')).toBe('eur');
    expect(getSavingsGoalCurrency(user(null), 'en')).toBe('usd');
  });
});

describe('parseAmountInput', () => {
  it('reads whole dollars, decimals, separators and a dollar sign', () => {
    expect(parseAmountInput('20')).toBe(2000);
    expect(parseAmountInput('1,250.5')).toBe(125050);
    expect(parseAmountInput(' $1,250.05 ')).toBe(125005);
    expect(parseAmountInput('€20')).toBe(2000);
    expect(parseAmountInput('0.99')).toBe(99);
  });

  it('treats an empty field as no goal', () => {
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('   ')).toBeNull();
  });

  it('keeps the sign so the schema can refuse negative goals', () => {
    expect(parseAmountInput('-5')).toBe(-500);
  });

  it('turns unreadable input into NaN', () => {
    expect(parseAmountInput('ten')).toBeNaN();
    expect(parseAmountInput('12.345')).toBeNaN();
    expect(parseAmountInput('1e3')).toBeNaN();
  });

  it('avoids floating-point drift', () => {
    expect(parseAmountInput('19.99')).toBe(1999);
    expect(parseAmountInput('0.07')).toBe(7);
  });
});

describe('formatAmountForInput', () => {
  it('shows whole dollars without decimals and pads the decimals', () => {
    expect(formatAmountForInput(2000)).toBe('20');
    expect(formatAmountForInput(125050)).toBe('1250.50');
    expect(formatAmountForInput(7)).toBe('0.07');
    expect(formatAmountForInput(null)).toBe('');
  });

  it('round-trips through parseAmountInput', () => {
    for (const amount of [0, 1, 99, 100, 123456, 100_000_000]) {
      expect(parseAmountInput(formatAmountForInput(amount))).toBe(amount);
    }
  });
});
