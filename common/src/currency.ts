/**
 * The currencies a calendar can be in (issue 14). Amounts are integer minor units (cents, pence)
 * always stored and sent beside their currency. The creation fee is 20 in each.
 */
export const CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Countries whose money is the euro (ISO 3166 codes as they begin an IBAN); Bulgaria since 2026. */
export const EURO_COUNTRIES: ReadonlySet<string> = new Set([
  'AD',
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'SM',
  'VA',
]);

/** The currency a payout to this IBAN most likely lands in: EUR in the euro area, GBP in the UK, else USD. */
export function defaultCurrencyForIban(iban: string | null | undefined): Currency {
  const country = iban?.replace(/\s+/g, '').slice(0, 2).toUpperCase() ?? '';
  if (EURO_COUNTRIES.has(country)) return 'eur';
  if (country === 'GB') return 'gbp';
  return DEFAULT_CURRENCY;
}
