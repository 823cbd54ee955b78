import { describe, expect, it } from 'vitest';
import { findIbanProblem, formatIban, maskIban, normalizeIban } from './iban.ts';

describe('findIbanProblem', () => {
  it.each([
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'ES9121000418450200051332',
    'IT60X0542811101000000123456',
    'BE68539007547034',
    'NO9386011117947',
    'CH9300762011623852957',
    'PL61109010140000071219812874',
  ])('accepts the valid IBAN %s', (iban) => {
    expect(findIbanProblem(iban)).toBeUndefined();
  });

  it('refuses a wrong checksum', () => {
    expect(findIbanProblem('DE89370400440532013001')).toBe('checksum');
    expect(findIbanProblem('GB28NWBK60161331926819')).toBe('checksum');
  });

  it('refuses a wrong length for the country', () => {
    expect(findIbanProblem('DE8937040044053201300')).toBe('length');
    expect(findIbanProblem('NL91ABNA04171643000')).toBe('length');
  });

  it('refuses unknown countries and malformed input', () => {
    expect(findIbanProblem('US12345678901234567890')).toBe('country');
    expect(findIbanProblem('1234')).toBe('format');
    expect(findIbanProblem('DE8937040044053201300!')).toBe('format');
  });
});

describe('formatting', () => {
  it('normalises, groups and masks', () => {
    const iban = normalizeIban(' de89 3704-0044 0532 0130 00 ');
    expect(iban).toBe('DE89370400440532013000');
    expect(formatIban(iban)).toBe('DE89 3704 0044 0532 0130 00');
    expect(maskIban(iban)).toBe('DE89 •••• •••• •••• 3000');
  });
});
