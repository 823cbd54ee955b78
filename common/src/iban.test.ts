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

  it.each([
    ['Libya (in the IBAN registry since 2021)', 'LY83002048000020100120361'],
    ['Russia', 'RU0204452560040702810412345678901'],
    ['Åland, a territory with its own country code', 'AX2112345600000785'],
    ['Guadeloupe, a French overseas territory', 'GP1120041010050500013M02606'],
  ])('accepts %s, which the old country table lacked', (_, iban) => {
    expect(findIbanProblem(iban)).toBeUndefined();
  });

  it('refuses a wrong national check digit even when the mod-97 checksum is right', () => {
    // BE68 5390 0754 7034 with its account's check digits 34 → 35, the IBAN's check digits recomputed.
    expect(findIbanProblem('BE41539007547035')).toBe('checksum');
    // FR14 2004 1010 0505 0001 3M02 606 with its RIB key 06 → 07, the IBAN's check digits recomputed.
    expect(findIbanProblem('FR8420041010050500013M02607')).toBe('checksum');
  });

  it('refuses an account number of the wrong shape for its country', () => {
    // Germany's BBAN is digits only; the mod-97 checksum alone would pass letters.
    expect(findIbanProblem('DE72ABCD0044053201300A')).toBe('checksum');
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
