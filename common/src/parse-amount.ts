import type { Currency } from './currency.ts';
import type { Locale } from './locales.ts';

/**
 * The one reader of amounts people type ('37,50', '1.000,50', '€37.50', '1 000'), for the page's
 * language and the calendar's currency. Pages in English are read all over Europe, so a comma or a
 * point is not trusted to mean what the page's language says; when a typed amount can honestly be
 * read two ways, the reader answers both readings and the form asks which one is meant.
 *
 * The rules, in order:
 * - Spaces (also no-break and narrow no-break, as Russian and French write them) and apostrophes
 *   ('1'000', Swiss) only ever group thousands.
 * - Two different marks ('1.000,50', '1,000.50', '1 000,50'): the last one is the decimal mark.
 * - The same mark more than once ('1.000.000', '1,000,000'): thousands.
 * - One mark followed by one or two digits ('37,50', '37.5', ',50'): always the decimal mark, in
 *   every language, because nobody groups thousands by two.
 * - One mark followed by exactly three digits ('1.000', '1,250') is the ambiguous case. It is
 *   settled only when the page's language and the currency's own way of writing read that mark the
 *   same way: English with dollars or pounds (',' groups, '.' is decimal), German with euros ('.'
 *   groups, ',' is decimal), Russian with euros (',' is decimal). Otherwise ('1.000' on an English
 *   page in euros, '1,000' on a German page in dollars) both readings are answered, thousands
 *   first: €1,000.00 or €1.00. A reading that is not whole cents ('1.234' as 1.234) is dropped.
 *   One mark followed by four or more digits ('1,0000') is not read at all.
 * - A currency mark ('$', '€', '£', 'USD', 'EUR', 'GBP') may stand before or after the number; a
 *   mark of another currency than the calendar's is refused rather than converted.
 */
export type AmountReading =
  /** Nothing typed (or only a currency mark). */
  | { kind: 'empty' }
  /** One reading, in minor units. Limits (smallest, largest gift) are the schema's to check. */
  | { kind: 'amount'; amount: number }
  /** Two readings in minor units, thousands first: the person picks one. */
  | { kind: 'ambiguous'; readings: readonly [number, number] }
  | { kind: 'invalid'; reason: AmountProblem };

/**
 * `format`: not a number ('ten', '1.2.3', '10 00'); `decimals`: more decimals than the currency has
 * ('12.345'); `negative`: a minus sign; `currency`: another currency's mark ('$5' on a euro calendar).
 */
export type AmountProblem = 'format' | 'decimals' | 'negative' | 'currency';

type Mark = '.' | ',';
type Convention = { decimal: Mark; group: Mark | ' ' };

/** How each language writes numbers ('1,000.50', '1.000,50', '1 000,50'). */
const LOCALE_CONVENTIONS: Record<Locale, Convention> = {
  en: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
  ru: { decimal: ',', group: ' ' },
};

/**
 * How amounts in each currency are mostly written where it is the money: dollars and pounds with a
 * decimal point; euros with a decimal comma (Germany, France, Italy, Spain, the Netherlands…).
 */
const CURRENCY_CONVENTIONS: Record<Currency, Convention> = {
  usd: { decimal: '.', group: ',' },
  gbp: { decimal: '.', group: ',' },
  eur: { decimal: ',', group: '.' },
};

/** Digits after the decimal mark in each currency (cents, pence). */
const MINOR_DIGITS: Record<Currency, number> = { usd: 2, eur: 2, gbp: 2 };

const CURRENCY_MARKS: Record<string, Currency> = {
  $: 'usd',
  us$: 'usd',
  usd: 'usd',
  '€': 'eur',
  eur: 'eur',
  '£': 'gbp',
  gbp: 'gbp',
};
const MARK_PATTERN = 'us\\$|\\$|€|£|usd|eur|gbp';
const LEADING_MARK = new RegExp(`^(${MARK_PATTERN})\\s*`, 'i');
const TRAILING_MARK = new RegExp(`\\s*(${MARK_PATTERN})$`, 'i');
const MINUS = /^[-−–]/;
// `\s` covers the no-break (U+00A0), narrow no-break (U+202F) and thin (U+2009) spaces.
const NUMBER_CHARACTERS = /^[\d.,\s'’]+$/;
const TOKENS = /\d+|[.,]|[\s'’]+/g;

type Options = { locale: Locale; currency: Currency };

export function parseAmount(input: string, { locale, currency }: Options): AmountReading {
  let text = input.trim();
  if (MINUS.test(text)) return invalid('negative');
  let markedCurrency: Currency | undefined;
  const leading = LEADING_MARK.exec(text);
  if (leading?.[1]) {
    markedCurrency = CURRENCY_MARKS[leading[1].toLowerCase()];
    text = text.slice(leading[0].length);
  } else {
    const trailing = TRAILING_MARK.exec(text);
    if (trailing?.[1]) {
      markedCurrency = CURRENCY_MARKS[trailing[1].toLowerCase()];
      text = text.slice(0, trailing.index);
    }
  }
  if (MINUS.test(text)) return invalid('negative');
  if (markedCurrency && markedCurrency !== currency) return invalid('currency');
  if (text === '') return { kind: 'empty' };
  if (!NUMBER_CHARACTERS.test(text)) return invalid('format');

  // Runs of digits and the marks between them; every kind of space is one ' '.
  const tokens = (text.match(TOKENS) ?? []).map((token) =>
    isDigits(token) || token === '.' || token === ',' ? token : ' ',
  );
  if (!alternates(tokens)) return invalid('format');
  const digits = tokens.filter(isDigits);
  const marks = tokens.filter((token) => !isDigits(token)) as Array<Mark | ' '>;
  const minorDigits = MINOR_DIGITS[currency];

  // '.5', ',50': a decimal mark with nothing before it.
  if (!isDigits(tokens[0] ?? '')) {
    const [mark] = marks;
    const [fraction = ''] = digits;
    if (marks.length !== 1 || mark === ' ' || fraction.length > minorDigits) return invalid('format');
    return amountOf(toMinor('0', fraction, minorDigits));
  }
  if (marks.length === 0) return amountOf(toMinor(digits[0] ?? '', '', minorDigits));

  const last = marks[marks.length - 1] as Mark | ' ';
  const earlier = marks.slice(0, -1);
  const whole = digits.slice(0, -1);
  const tail = digits[digits.length - 1] ?? '';

  // Spaces and repeated marks group thousands: '1 000', '1.000.000', '1,000,000'.
  if (last === ' ' || earlier.includes(last)) {
    if (!marks.every((mark) => mark === last) || !isGrouped(digits)) return invalid('format');
    return amountOf(toMinor(digits.join(''), '', minorDigits));
  }
  // A different mark (or spaces) before the last one: the last one is the decimal mark.
  if (earlier.length > 0) {
    if (!earlier.every((mark) => mark === earlier[0]) || !isGrouped(whole)) return invalid('format');
    return amountOf(toMinor(whole.join(''), tail, minorDigits));
  }

  // One mark: followed by one or two digits it is the decimal mark; by four or more, nothing we read.
  const head = digits[0] ?? '';
  const asDecimal = toMinor(head, tail, minorDigits);
  if (tail.length > 3) return invalid('format');
  if (tail.length < 3 || !isGrouped(digits) || head.startsWith('0')) return amountOf(asDecimal);

  const asThousands = toMinor(head + tail, '', minorDigits) as number;
  const byLocale = readMark(LOCALE_CONVENTIONS[locale], last);
  const byCurrency = readMark(CURRENCY_CONVENTIONS[currency], last);
  if (byLocale !== undefined && byLocale === byCurrency) {
    return byLocale === 'group' ? amountOf(asThousands) : amountOf(asDecimal);
  }
  if (asDecimal === null) return amountOf(asThousands);
  return { kind: 'ambiguous', readings: [asThousands, asDecimal] };
}

/** 2500 → '25', 125050 → '1250.50' ('1250,50' in German and Russian): what the amount field shows, read back the same. */
export function formatAmountForInput(amount: number, locale: Locale): string {
  const whole = Math.floor(amount / 100);
  const rest = amount % 100;
  return rest === 0 ? String(whole) : `${whole}${LOCALE_CONVENTIONS[locale].decimal}${String(rest).padStart(2, '0')}`;
}

function invalid(reason: AmountProblem): AmountReading {
  return { kind: 'invalid', reason };
}

function amountOf(amount: number | null): AmountReading {
  return amount === null ? invalid('decimals') : { kind: 'amount', amount };
}

function isDigits(token: string): boolean {
  return /^\d/.test(token);
}

/** Digits and marks take turns: no two marks side by side ('1.,5'), none at the end ('37.'). */
function alternates(tokens: string[]): boolean {
  if (!isDigits(tokens[tokens.length - 1] ?? '')) return false;
  return tokens.every((token, index) => index === 0 || isDigits(token) !== isDigits(tokens[index - 1] ?? ''));
}

/** '1', '000', '000': one to three digits first, then groups of exactly three. */
function isGrouped(groups: string[]): boolean {
  return groups.every((group, index) => (index === 0 ? group.length >= 1 && group.length <= 3 : group.length === 3));
}

function readMark(convention: Convention, mark: Mark): 'decimal' | 'group' | undefined {
  if (mark === convention.decimal) return 'decimal';
  if (mark === convention.group) return 'group';
  return undefined;
}

/**
 * Whole and fraction digits → minor units; null when the fraction is finer than the currency
 * ('1.234' dollars). Zeros past the cents are allowed ('12.500' is 12.50).
 */
function toMinor(whole: string, fraction: string, minorDigits: number): number | null {
  if (/[1-9]/.test(fraction.slice(minorDigits))) return null;
  const cents = fraction.slice(0, minorDigits).padEnd(minorDigits, '0');
  return Number(whole || '0') * 10 ** minorDigits + Number(cents);
}
