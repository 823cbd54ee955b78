import type { Locale } from '@firstday/common/locales';

/** An amount typed by a person (dollars, euros, pounds) ↔ integer minor units sent to the API. */

/** Languages whose decimal separator is a comma ('25,50 €'); English writes '25.50'. */
function usesDecimalComma(locale: Locale): boolean {
  return locale !== 'en';
}

/**
 * '25' → 2500, '$1,250.5' → 125050, '' → null. Anything that is not a plain amount with at most two
 * decimals is NaN, so the schema's 'Please enter an amount in dollars.' applies. In German and
 * Russian the comma is the decimal separator ('1.250,50', '1 250,50'); a point followed by one or two
 * digits still reads as decimals ('25.50'), as people type it either way.
 */
export function parseAmountInput(input: string, locale: Locale = 'en'): number | null {
  let cleaned = input
    .trim()
    .replace(/^[$€£]/, '')
    .replace(/[$€£]$/, '')
    .trim();
  if (usesDecimalComma(locale)) {
    cleaned = cleaned.replace(/[\s\u00a0\u202f]/g, '');
    if (cleaned.includes(',')) cleaned = cleaned.replace(/\./g, '').replace(',', '.');
    else if (/\.\d{3}(?!\d)/.test(cleaned)) cleaned = cleaned.replace(/\./g, '');
  } else {
    cleaned = cleaned.replace(/,/g, '');
  }
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** 2500 → '25', 125050 → '1250.50' ('1250,50' in German and Russian): the value a custom-amount field shows. */
export function formatAmountForInput(amount: number, locale: Locale = 'en'): string {
  const whole = Math.floor(amount / 100);
  const rest = amount % 100;
  const separator = usesDecimalComma(locale) ? ',' : '.';
  return rest === 0 ? String(whole) : `${whole}${separator}${String(rest).padStart(2, '0')}`;
}
