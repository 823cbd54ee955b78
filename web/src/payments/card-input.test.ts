import { describe, expect, it } from 'vitest';
import { formatCardNumberInput, formatCvcInput, formatExpiryInput } from './card-input.ts';

describe('formatCardNumberInput', () => {
  it('groups digits by four as they are typed', () => {
    expect(formatCardNumberInput('4')).toBe('4');
    expect(formatCardNumberInput('4242')).toBe('4242');
    expect(formatCardNumberInput('42424')).toBe('4242 4');
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('drops letters and re-groups pasted numbers with odd spacing', () => {
    expect(formatCardNumberInput('4000-0000 00000002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumberInput('42a42')).toBe('4242');
  });

  it('keeps 17 to 19 digits without spaces so they fit 19 characters', () => {
    expect(formatCardNumberInput('1234567890123456789')).toBe('1234567890123456789');
    expect(formatCardNumberInput('12345678901234567890')).toBe('1234567890123456789');
  });
});

describe('formatExpiryInput', () => {
  it('adds the slash once the month is complete', () => {
    expect(formatExpiryInput('1', '')).toBe('1');
    expect(formatExpiryInput('12', '1')).toBe('12/');
    expect(formatExpiryInput('12/3', '12/')).toBe('12/3');
    expect(formatExpiryInput('12/34', '12/3')).toBe('12/34');
    expect(formatExpiryInput('12/345', '12/34')).toBe('12/34');
  });

  it('pads a month that can only be one digit', () => {
    expect(formatExpiryInput('4', '')).toBe('04/');
  });

  it('lets Backspace remove the slash', () => {
    expect(formatExpiryInput('12', '12/')).toBe('12');
    expect(formatExpiryInput('1', '12')).toBe('1');
  });

  it('formats a pasted expiry', () => {
    expect(formatExpiryInput('1230', '')).toBe('12/30');
    expect(formatExpiryInput('12 / 30', '')).toBe('12/30');
  });
});

describe('formatCvcInput', () => {
  it('keeps three digits', () => {
    expect(formatCvcInput('12a34')).toBe('123');
  });
});
