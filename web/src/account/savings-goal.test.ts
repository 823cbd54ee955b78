import { describe, expect, it } from 'vitest';
import { formatAmountForInput, parseAmountInput } from './savings-goal.ts';

describe('parseAmountInput', () => {
  it('reads whole dollars, decimals, separators and a dollar sign', () => {
    expect(parseAmountInput('20')).toBe(2000);
    expect(parseAmountInput('1,250.5')).toBe(125050);
    expect(parseAmountInput(' $1,250.05 ')).toBe(125005);
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
