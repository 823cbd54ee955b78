import { describe, expect, it } from 'vitest';
import { formatAmountForInput, parseAmountInput } from './gift-amount.ts';

describe('parseAmountInput', () => {
  it('turns dollars into integer minor units', () => {
    expect(parseAmountInput('25')).toBe(2500);
    expect(parseAmountInput('$1,250.5')).toBe(125_050);
    expect(parseAmountInput('0.99')).toBe(99);
    expect(parseAmountInput('.5')).toBe(50);
    expect(parseAmountInput('10000')).toBe(1_000_000);
  });

  it('avoids floating-point drift', () => {
    expect(parseAmountInput('19.99')).toBe(1999);
    expect(parseAmountInput('1.10')).toBe(110);
  });

  it('answers null for nothing and NaN for what is not an amount', () => {
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('abc')).toBeNaN();
    expect(parseAmountInput('1.234')).toBeNaN();
    expect(parseAmountInput('-5')).toBeNaN();
  });
});

describe('formatAmountForInput', () => {
  it('shows whole dollars without decimals', () => {
    expect(formatAmountForInput(2500)).toBe('25');
    expect(formatAmountForInput(125_050)).toBe('1250.50');
    expect(formatAmountForInput(5)).toBe('0.05');
  });
});

describe('amounts in German and Russian', () => {
  it('reads the comma as the decimal separator, and a point with one or two digits too', () => {
    expect(parseAmountInput('25,50', 'de')).toBe(2550);
    expect(parseAmountInput('1.250,5 €', 'de')).toBe(125_050);
    expect(parseAmountInput('1.000', 'de')).toBe(100_000);
    expect(parseAmountInput('1 250,50', 'ru')).toBe(125_050);
    expect(parseAmountInput('25.50', 'ru')).toBe(2550);
    expect(parseAmountInput('25', 'ru')).toBe(2500);
    expect(parseAmountInput('1,234', 'de')).toBeNaN();
    expect(parseAmountInput('', 'de')).toBeNull();
  });

  it('writes the decimals with a comma', () => {
    expect(formatAmountForInput(125_050, 'de')).toBe('1250,50');
    expect(formatAmountForInput(2500, 'ru')).toBe('25');
  });
});
