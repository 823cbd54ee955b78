import type { Currency } from '@firstday/common/currency';
import { formatDateTime, formatLongDate, formatMoney } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import { formatUtcDateTime } from '../payments/payout-hold.ts';

/** The `Intl` locale of each of our languages (common/format's default is 'en-US'). */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', de: 'de-DE', ru: 'ru-RU' };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}

/** An amount with its minor units, as receipts show it: '$25.00', '25,00 €' (de), '25,00 €' (ru). */
export function formatEmailMoney(amountMinor: number, locale: Locale, currency: Currency = 'usd'): string {
  return formatMoney(amountMinor, {
    currency: currency.toUpperCase(),
    locale: intlLocale(locale),
    minorUnits: 'always',
  });
}

/** '2026-05-04' → 'May 4, 2026', '4. Mai 2026', '4 мая 2026 г.'. */
export function formatEmailDate(date: string | Date, locale: Locale): string {
  return formatLongDate(date, intlLocale(locale));
}

/** An instant in UTC, with its time: 'May 4, 2026, 12:00 PM UTC' (payments/payout-hold.ts in English). */
export function formatEmailDateTime(date: Date, locale: Locale): string {
  if (locale === 'en') return formatUtcDateTime(date);
  return `${formatDateTime(date, { locale: intlLocale(locale), timeZone: 'UTC' })} UTC`;
}
