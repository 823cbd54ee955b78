import { describe, expect, it } from 'vitest';
import type { Currency } from './currency.ts';
import type { Locale } from './locales.ts';
import { type AmountReading, formatAmountForInput, parseAmount } from './parse-amount.ts';

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/** A row: what is typed, the page's language, the calendar's currency, and the reading. */
type Row = [input: string, locale: Locale, currency: Currency, expected: AmountReading | number];

const amount = (minor: number): AmountReading => ({ kind: 'amount', amount: minor });
const either = (thousands: number, decimal: number): AmountReading => ({
  kind: 'ambiguous',
  readings: [thousands, decimal],
});
const invalid = (reason: 'format' | 'decimals' | 'negative' | 'currency'): AmountReading => ({
  kind: 'invalid',
  reason,
});
const EMPTY: AmountReading = { kind: 'empty' };

const ROWS: Row[] = [
  // The bug of issue 22: a decimal comma on an English page in euros was read as 3750.
  ['37,50', 'en', 'eur', 3750],
  ['37,50', 'en', 'usd', 3750],
  ['37,50', 'de', 'eur', 3750],
  ['37,50', 'ru', 'eur', 3750],
  ['37.50', 'en', 'eur', 3750],
  ['37.50', 'de', 'eur', 3750],
  ['37.50', 'ru', 'usd', 3750],
  ['37,5', 'en', 'gbp', 3750],
  ['37.5', 'de', 'usd', 3750],
  [',50', 'de', 'eur', 50],
  ['.5', 'en', 'usd', 50],
  ['0,99', 'ru', 'eur', 99],
  ['25', 'en', 'usd', 2500],
  ['25', 'de', 'eur', 2500],
  ['25', 'ru', 'eur', 2500],
  ['007', 'en', 'usd', 700],
  ['10000', 'en', 'usd', 1_000_000],

  // One mark and three digits, settled where the language and the currency agree.
  ['1,000', 'en', 'usd', 100_000],
  ['1,000', 'en', 'gbp', 100_000],
  ['1,250', 'en', 'usd', 125_000],
  ['1.000', 'de', 'eur', 100_000],
  ['1.250', 'de', 'eur', 125_000],
  ['1,000', 'de', 'eur', 100],
  ['1,250', 'de', 'eur', 125],
  ['1,250', 'ru', 'eur', 125],
  ['1.000', 'en', 'usd', 100],
  ['1.250', 'en', 'gbp', 125],
  // … and asked where they do not.
  ['1.000', 'en', 'eur', either(100_000, 100)],
  ['1,000', 'en', 'eur', either(100_000, 100)],
  ['1.250', 'en', 'eur', either(125_000, 125)],
  ['€1.000', 'en', 'eur', either(100_000, 100)],
  ['1.000', 'de', 'usd', either(100_000, 100)],
  ['1,000', 'de', 'usd', either(100_000, 100)],
  ['1.000', 'de', 'gbp', either(100_000, 100)],
  ['1.000', 'ru', 'eur', either(100_000, 100)],
  ['1,000', 'ru', 'usd', either(100_000, 100)],
  ['1.000', 'ru', 'usd', either(100_000, 100)],
  // Only one reading is whole cents: that one, without asking.
  ['1.234', 'en', 'eur', 123_400],
  ['1,234', 'de', 'usd', 123_400],
  // The settled reading is not whole cents: refused, not read the other way.
  ['1.234', 'en', 'usd', invalid('decimals')],
  ['1,234', 'de', 'eur', invalid('decimals')],
  // A lone zero (or four digits) before the mark cannot be thousands.
  ['0.500', 'en', 'eur', 50],
  ['0,500', 'de', 'usd', 50],
  ['1234,500', 'en', 'eur', 123_450],
  ['12.500', 'en', 'usd', 1250],

  // Both marks: the last is the decimal one.
  ['1.000,50', 'en', 'usd', 100_050],
  ['1.000,50', 'de', 'eur', 100_050],
  ['1,000.50', 'de', 'eur', 100_050],
  ['1,000.50', 'ru', 'eur', 100_050],
  ['1.234.567,89', 'de', 'eur', 123_456_789],
  ['$1,000.00', 'en', 'usd', 100_000],
  ['1.000.000', 'en', 'eur', 100_000_000],
  ['1,000,000', 'de', 'eur', 100_000_000],

  // Spaces (plain, no-break, narrow no-break) and apostrophes only group.
  ['1 000', 'en', 'eur', 100_000],
  ['1 000', 'de', 'usd', 100_000],
  [`1${NBSP}000`, 'ru', 'eur', 100_000],
  [`1${NARROW_NBSP}000,50`, 'ru', 'eur', 100_050],
  [`1${NARROW_NBSP}000,50${NBSP}€`, 'ru', 'eur', 100_050],
  [`1${NBSP}234${NBSP}567`, 'ru', 'usd', 123_456_700],
  ['1 000.50', 'en', 'gbp', 100_050],
  ["1'000.50", 'de', 'usd', 100_050],
  ['1’000', 'de', 'eur', 100_000],

  // Currency marks before or after, with or without a space.
  ['€37.50', 'en', 'eur', 3750],
  ['€ 37,50', 'en', 'eur', 3750],
  ['37.50 €', 'en', 'eur', 3750],
  ['37,50€', 'de', 'eur', 3750],
  ['EUR 37,50', 'de', 'eur', 3750],
  ['37.50 eur', 'ru', 'eur', 3750],
  ['$25', 'en', 'usd', 2500],
  ['US$25', 'en', 'usd', 2500],
  ['25 USD', 'de', 'usd', 2500],
  ['£12.99', 'en', 'gbp', 1299],
  ['  37,50  ', 'en', 'eur', 3750],

  // Nothing typed.
  ['', 'en', 'usd', EMPTY],
  ['   ', 'de', 'eur', EMPTY],
  ['€', 'en', 'eur', EMPTY],

  // What is not an amount.
  ['abc', 'en', 'usd', invalid('format')],
  ['ten', 'de', 'eur', invalid('format')],
  ['1e3', 'en', 'usd', invalid('format')],
  ['37.', 'en', 'usd', invalid('format')],
  ['37,', 'de', 'eur', invalid('format')],
  ['1.,5', 'en', 'eur', invalid('format')],
  ['1,0000', 'en', 'usd', invalid('format')],
  ['10 00', 'ru', 'eur', invalid('format')],
  ['1 0000', 'ru', 'eur', invalid('format')],
  ['12,34,567', 'en', 'usd', invalid('format')],
  ['1.000,000.5', 'en', 'usd', invalid('format')],
  ['1 000.000,50', 'de', 'eur', invalid('format')],
  ['.500', 'en', 'usd', invalid('format')],
  ['€37.50€', 'en', 'eur', invalid('format')],
  ['12.345', 'en', 'usd', invalid('decimals')],
  ['12,345', 'de', 'eur', invalid('decimals')],
  ['1,000.505', 'en', 'usd', invalid('decimals')],
  ['-5', 'en', 'usd', invalid('negative')],
  ['−5', 'de', 'eur', invalid('negative')],
  ['€-5', 'en', 'eur', invalid('negative')],
  // Another currency's mark is refused, never converted.
  ['$37.50', 'en', 'eur', invalid('currency')],
  ['37,50 €', 'de', 'usd', invalid('currency')],
  ['£10', 'ru', 'eur', invalid('currency')],
  ['10 GBP', 'en', 'usd', invalid('currency')],
];

describe('parseAmount', () => {
  it.each(ROWS)('%j on a page in %s with %s', (input, locale, currency, expected) => {
    expect(parseAmount(input, { locale, currency })).toEqual(
      typeof expected === 'number' ? amount(expected) : expected,
    );
  });

  it('counts in integer minor units, without floating-point drift', () => {
    expect(parseAmount('19.99', { locale: 'en', currency: 'usd' })).toEqual(amount(1999));
    expect(parseAmount('1,10', { locale: 'en', currency: 'eur' })).toEqual(amount(110));
    expect(parseAmount('0,07', { locale: 'ru', currency: 'eur' })).toEqual(amount(7));
  });
});

describe('formatAmountForInput', () => {
  it('writes the decimals with the language’s mark and no thousands separators', () => {
    expect(formatAmountForInput(2500, 'en')).toBe('25');
    expect(formatAmountForInput(125_050, 'en')).toBe('1250.50');
    expect(formatAmountForInput(5, 'en')).toBe('0.05');
    expect(formatAmountForInput(125_050, 'de')).toBe('1250,50');
    expect(formatAmountForInput(3750, 'ru')).toBe('37,50');
  });

  it('is read back as the same amount in every language and currency, never as ambiguous', () => {
    for (const locale of ['en', 'de', 'ru'] as const) {
      for (const currency of ['usd', 'eur', 'gbp'] as const) {
        for (const minor of [0, 1, 99, 100, 3750, 100_000, 123_456, 1_000_000]) {
          expect(parseAmount(formatAmountForInput(minor, locale), { locale, currency })).toEqual(amount(minor));
        }
      }
    }
  });
});
