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

/** The quote marks each language puts around a name or a title. */
const SUBJECT_QUOTES: Record<Locale, readonly [string, string]> = { en: ['“', '”'], de: ['„', '“'], ru: ['«', '»'] };

/** The longest user text in a subject, in characters as a reader counts them (graphemes), '…' included. */
export const SUBJECT_TEXT_MAX_LENGTH = 60;

/**
 * Breaks and blanks: controls (line breaks, tabs), line and paragraph separators, and the letters
 * that draw nothing (Hangul fillers, the Braille blank), which could pass for spaces.
 */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** Format characters: bidi embeddings, overrides, isolates and marks, zero-width ones, the soft hyphen, BOM. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Double quote marks of any language: inside the text they could close our quote early. */
const DOUBLE_QUOTES = /["“”„‟«»〝〞〟＂]/g;

/** One grapheme segmenter per language: creating one costs more than segmenting a subject. */
const segmenters = new Map<Locale, Intl.Segmenter>();

function graphemeSegmenter(locale: Locale): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(intlLocale(locale), { granularity: 'grapheme' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/**
 * Text someone typed (a guest's name, a calendar's title), made safe for a subject line, quoted
 * in the language's marks: line breaks and controls become spaces, bidi and zero-width characters
 * are dropped (they could make the subject read as something else), double quotes inside become
 * single ones (they could close the quote early), runs of spaces become one, and it is cut to
 * SUBJECT_TEXT_MAX_LENGTH. Every subject with user text goes through this.
 */
export function quoteInSubject(text: string, locale: Locale): string {
  const plain = text
    .replace(BREAKS, ' ')
    .replace(FORMAT_CHARACTERS, '')
    .replace(DOUBLE_QUOTES, "'")
    .replace(/\s+/gu, ' ')
    .trim();
  const characters = Array.from(graphemeSegmenter(locale).segment(plain), ({ segment }) => segment);
  const capped =
    characters.length > SUBJECT_TEXT_MAX_LENGTH
      ? `${characters
          .slice(0, SUBJECT_TEXT_MAX_LENGTH - 1)
          .join('')
          .trimEnd()}…`
      : plain;
  const [open, close] = SUBJECT_QUOTES[locale];
  return `${open}${capped}${close}`;
}
