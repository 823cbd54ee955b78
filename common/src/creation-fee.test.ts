import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATION_FEE_AMOUNT as CHARGED_FEE } from './calendars.ts';
import { CREATION_FEE_AMOUNT, formatCreationFee, formatVisitorCreationFee, VISITOR_CURRENCY } from './creation-fee.ts';
import { CURRENCIES } from './currency.ts';
import { formatMoney } from './format.ts';
import { LOCALES } from './locales.ts';

// Intl puts a no-break space between the amount and a symbol written after it.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatCreationFee', () => {
  it('names the fee the server charges: 20 in the currency', () => {
    expect(CREATION_FEE_AMOUNT).toBe(2000);
    expect(CHARGED_FEE).toBe(CREATION_FEE_AMOUNT);
  });

  it.each([
    ['en', 'usd', '$20'],
    ['en', 'eur', '€20'],
    ['en', 'gbp', '£20'],
    ['de', 'usd', '20 $'],
    ['de', 'eur', '20 €'],
    ['de', 'gbp', '20 £'],
    ['ru', 'usd', '20 $'],
    ['ru', 'eur', '20 €'],
    ['ru', 'gbp', '20 £'],
  ] as const)('in %s, %s: %s', (locale, currency, expected) => {
    expect(formatCreationFee(currency, locale)).toBe(nbsp(expected));
  });

  it('writes it as Intl does, without making a formatter in the product’s languages', () => {
    for (const locale of LOCALES)
      for (const currency of CURRENCIES)
        expect(formatCreationFee(currency, locale)).toBe(formatMoney(CREATION_FEE_AMOUNT, { currency, locale }));
  });

  it('reads a full Intl locale the same way (e-mails pass de-DE)', () => {
    expect(formatCreationFee('eur', 'de-DE')).toBe(nbsp('20 €'));
    expect(formatCreationFee('eur', 'en-US')).toBe('€20');
  });
});

describe('formatVisitorCreationFee', () => {
  it('prices in dollars in English and in euros in German and Russian, as the calculator starts', () => {
    expect(VISITOR_CURRENCY).toEqual({ en: 'usd', de: 'eur', ru: 'eur' });
    expect(formatVisitorCreationFee('en')).toBe('$20');
    expect(formatVisitorCreationFee('de')).toBe(nbsp('20 €'));
    expect(formatVisitorCreationFee('ru')).toBe(nbsp('20 €'));
  });
});

// A fee written out in a text ('$20', '20 $') would stay in one currency whatever the calendar's:
// the catalogues take it as {fee}, from formatCreationFee.
const ROOT = join(import.meta.dirname, '../..');
const WRITTEN_FEE = /(?:[$€£]\s?20(?![\d.,])|(?<![\d.,])20\s?[$€£])/u;

describe('catalogues', () => {
  it.each(['web/locales', 'server/locales'])('%s write no fee amount of their own', (dir) => {
    const offenders: string[] = [];
    for (const locale of LOCALES) {
      for (const file of readdirSync(join(ROOT, dir, locale)).filter((name) => name.endsWith('.json'))) {
        const messages: Record<string, string> = JSON.parse(readFileSync(join(ROOT, dir, locale, file), 'utf8'));
        for (const [key, text] of Object.entries(messages))
          if (WRITTEN_FEE.test(text)) offenders.push(`${locale}/${file}: ${key}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
