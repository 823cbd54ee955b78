import { describe, expect, it } from 'vitest';
import { formatCentsForInput, parseDollarsToCents } from './gift-amount.ts';

describe('parseDollarsToCents', () => {
  it('turns dollars into integer cents', () => {
    expect(parseDollarsToCents('25')).toBe(2500);
    expect(parseDollarsToCents('$1,250.5')).toBe(125_050);
    expect(parseDollarsToCents('0.99')).toBe(99);
    expect(parseDollarsToCents('.5')).toBe(50);
    expect(parseDollarsToCents('10000')).toBe(1_000_000);
  });

  it('avoids floating-point drift', () => {
    expect(parseDollarsToCents('19.99')).toBe(1999);
    expect(parseDollarsToCents('1.10')).toBe(110);
  });

  it('answers null for nothing and NaN for what is not an amount', () => {
    expect(parseDollarsToCents('')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNaN();
    expect(parseDollarsToCents('1.234')).toBeNaN();
    expect(parseDollarsToCents('-5')).toBeNaN();
  });
});

describe('formatCentsForInput', () => {
  it('shows whole dollars without decimals', () => {
    expect(formatCentsForInput(2500)).toBe('25');
    expect(formatCentsForInput(125_050)).toBe('1250.50');
    expect(formatCentsForInput(5)).toBe('0.05');
  });
});

describe('amounts in German and Russian', () => {
  it('reads the comma as the decimal separator, and a point with one or two digits too', () => {
    expect(parseDollarsToCents('25,50', 'de')).toBe(2550);
    expect(parseDollarsToCents('1.250,5 €', 'de')).toBe(125_050);
    expect(parseDollarsToCents('1.000', 'de')).toBe(100_000);
    expect(parseDollarsToCents('1 250,50', 'ru')).toBe(125_050);
    expect(parseDollarsToCents('25.50', 'ru')).toBe(2550);
    expect(parseDollarsToCents('25', 'ru')).toBe(2500);
    expect(parseDollarsToCents('1,234', 'de')).toBeNaN();
    expect(parseDollarsToCents('', 'de')).toBeNull();
  });

  it('writes the decimals with a comma', () => {
    expect(formatCentsForInput(125_050, 'de')).toBe('1250,50');
    expect(formatCentsForInput(2500, 'ru')).toBe('25');
  });
});
