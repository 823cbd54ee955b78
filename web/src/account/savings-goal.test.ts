import { describe, expect, it } from 'vitest';
import { formatCentsForInput, parseDollarsToCents } from './savings-goal.ts';

describe('parseDollarsToCents', () => {
  it('reads whole dollars, cents, separators and a dollar sign', () => {
    expect(parseDollarsToCents('20')).toBe(2000);
    expect(parseDollarsToCents('1,250.5')).toBe(125050);
    expect(parseDollarsToCents(' $1,250.05 ')).toBe(125005);
    expect(parseDollarsToCents('0.99')).toBe(99);
  });

  it('treats an empty field as no goal', () => {
    expect(parseDollarsToCents('')).toBeNull();
    expect(parseDollarsToCents('   ')).toBeNull();
  });

  it('keeps the sign so the schema can refuse negative goals', () => {
    expect(parseDollarsToCents('-5')).toBe(-500);
  });

  it('turns unreadable input into NaN', () => {
    expect(parseDollarsToCents('ten')).toBeNaN();
    expect(parseDollarsToCents('12.345')).toBeNaN();
    expect(parseDollarsToCents('1e3')).toBeNaN();
  });

  it('avoids floating-point drift', () => {
    expect(parseDollarsToCents('19.99')).toBe(1999);
    expect(parseDollarsToCents('0.07')).toBe(7);
  });
});

describe('formatCentsForInput', () => {
  it('shows whole dollars without decimals and pads cents', () => {
    expect(formatCentsForInput(2000)).toBe('20');
    expect(formatCentsForInput(125050)).toBe('1250.50');
    expect(formatCentsForInput(7)).toBe('0.07');
    expect(formatCentsForInput(null)).toBe('');
  });

  it('round-trips through parseDollarsToCents', () => {
    for (const cents of [0, 1, 99, 100, 123456, 100_000_000]) {
      expect(parseDollarsToCents(formatCentsForInput(cents))).toBe(cents);
    }
  });
});
