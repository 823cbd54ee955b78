/**
 * How Firstday writes dates, numbers and money for people: one place, with `Intl`, for the reader's
 * locale ('en', 'de', 'ru'; `useLocale()` in the web app) and, for money, the calendar's currency
 * ('usd', 'eur', 'gbp'; Intl takes the codes in either case). Pure and dependency-free, so the
 * landing page can use it without pulling in more code.
 *
 * Calendar dates ('YYYY-MM-DD': due dates, guesses, birth dates) stay ISO strings everywhere else;
 * here they are read as UTC midnight and printed in UTC, so a day never shifts with the reader's
 * (or the build machine's) time zone.
 */

import { isCurrency } from './currency.ts';

export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';

// Creating an Intl formatter is costly (tens of microseconds); one per (kind, locale, options) is kept.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n${locale}${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d${locale}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** An ISO calendar date ('2026-05-04') as the instant of its UTC midnight. */
function utcMidnight(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/** A calendar date, or an instant whose UTC day is meant (e.g. when a fee was paid). */
export type DateInput = string | Date;

function toDate(date: DateInput): Date {
  return typeof date === 'string' ? utcMidnight(date) : date;
}

function formatUtcDate(date: DateInput, locale: string, options: Intl.DateTimeFormatOptions): string {
  return dateFormat(locale, { ...options, timeZone: 'UTC' }).format(toDate(date));
}

/** 3400 → '3,400' (en-US), '3.400' (de-DE). */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale, {}).format(value);
}

export type MoneyOptions = {
  /** ISO 4217 code; 'USD' by default. */
  currency?: string;
  locale?: string;
  /**
   * The minor units: 'auto' (default) leaves them out of whole amounts ('$1,250', '$12.50'),
   * 'always' shows them ('$25.00', receipts and e-mails), 'never' rounds to whole units ('$1,469',
   * the calculators' projections).
   */
  minorUnits?: 'auto' | 'always' | 'never';
};

/**
 * Minor units in a major one: 100 for the product's currencies, without making a formatter to ask
 * (a page naming the fee in three currencies made six; each costs milliseconds on a phone). Intl
 * knows any other currency's digits.
 */
function minorUnitsPerMajor(currency: string, locale: string): number {
  if (isCurrency(currency.toLowerCase())) return 100;
  return 10 ** (numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
}

/** An amount in minor units → '$1,250', '$12.50'; in de-DE with EUR '25,00 €' (see `minorUnits`). */
export function formatMoney(amountMinor: number, options: MoneyOptions = {}): string {
  const { currency = DEFAULT_CURRENCY, locale = DEFAULT_LOCALE, minorUnits = 'auto' } = options;
  const perMajor = minorUnitsPerMajor(currency, locale);
  const whole = minorUnits === 'never' || (minorUnits === 'auto' && amountMinor % perMajor === 0);
  return numberFormat(locale, { style: 'currency', currency, ...(whole ? { maximumFractionDigits: 0 } : {}) }).format(
    amountMinor / perMajor,
  );
}

/** The currency's sign as `locale` writes it beside an amount, for a field's prefix: '$', '€', '£'. */
export function formatCurrencySymbol(currency: string, locale: string = DEFAULT_LOCALE): string {
  return formatMoney(0, { currency, locale }).replace(/[\d\s.,]/g, '');
}

/** '2026-05-04' → 'May 4, 2026' (en-US), '4. Mai 2026' (de-DE). */
export function formatLongDate(date: DateInput, locale: string = DEFAULT_LOCALE): string {
  return formatUtcDate(date, locale, { dateStyle: 'long' });
}

/** '2026-05-04' → 'Monday, May 4, 2026'. */
export function formatFullDate(date: DateInput, locale: string = DEFAULT_LOCALE): string {
  return formatUtcDate(date, locale, { dateStyle: 'full' });
}

/** '2026-05-04' → 'May 4'. */
export function formatMonthDay(date: DateInput, locale: string = DEFAULT_LOCALE): string {
  return formatUtcDate(date, locale, { month: 'long', day: 'numeric' });
}

/** '2026-05-04' → 'May 2026'. */
export function formatMonthYear(date: DateInput, locale: string = DEFAULT_LOCALE): string {
  return formatUtcDate(date, locale, { month: 'long', year: 'numeric' });
}

/** '2026-05-04' → 'May' ('long') or 'May' / 'Dec' ('short'). */
export function formatMonthName(date: DateInput, width: 'short' | 'long', locale: string = DEFAULT_LOCALE): string {
  return formatUtcDate(date, locale, { month: width });
}

/** '2026-05-04' → 'Mon' ('short') or 'Monday' ('long'). */
export function formatWeekday(date: DateInput, width: 'short' | 'long', locale: string = DEFAULT_LOCALE): string {
  return formatUtcDate(date, locale, { weekday: width });
}

/**
 * The weekday a calendar's week starts on, as `Date.getUTCDay()` numbers it: Sunday (0) in US
 * English, Monday (1) in German and Russian (and any other locale whose region is not the US).
 */
export function firstDayOfWeek(locale: string = DEFAULT_LOCALE): 0 | 1 {
  return /^en(-US)?$/i.test(locale) ? 0 : 1;
}

/** A day's column in a week that starts on `firstDay`: 0 for the first day of the week … 6. */
export function weekdayColumn(date: DateInput, firstDay: 0 | 1): number {
  const day = (typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date).getUTCDay();
  return (day - firstDay + 7) % 7;
}

/** One ISO day per weekday, in the columns' order, for a calendar's weekday names (2023-01-01 was a Sunday). */
export function weekdayHeaderDays(firstDay: 0 | 1): string[] {
  return Array.from({ length: 7 }, (_, index) => `2023-01-${String(1 + firstDay + index).padStart(2, '0')}`);
}

/**
 * An instant → 'November 24, 2026 at 12:02 PM' in `timeZone` (the runtime's own zone when left
 * out: only for pages rendered in the reader's browser; prerendered HTML would print the build
 * machine's zone).
 */
export function formatDateTime(instant: string | Date, options: { locale?: string; timeZone?: string } = {}): string {
  const { locale = DEFAULT_LOCALE, timeZone } = options;
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    typeof instant === 'string' ? new Date(instant) : instant,
  );
}
