import { formatCreationFee, formatVisitorCreationFee } from '@firstday/common/creation-fee';
import type { Locale } from '@firstday/common/locales';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';

// The texts that name the creation fee, as a reader sees them: the amount from formatCreationFee,
// in the calendar's currency (the wizard) or the visitor's (marketing pages, by their language).
const read = (locale: Locale, id: string, values: Record<string, string>) =>
  createServerI18n(locale)
    ._(id, values)
    .replace(/\u00a0/g, ' ');

describe('the payment step’s price lead', () => {
  it.each([
    ['en', 'eur', 'Only €20 for start'],
    ['en', 'usd', 'Only $20 for start'],
    ['en', 'gbp', 'Only £20 for start'],
    ['de', 'eur', 'Nur 20 € zum Start'],
    ['de', 'usd', 'Nur 20 $ zum Start'],
    ['ru', 'eur', 'Всего 20 € для старта'],
    ['ru', 'gbp', 'Всего 20 £ для старта'],
  ] as const)('%s, %s: %s', (locale, currency, expected) => {
    expect(read(locale, 'calendars.payment.priceLead', { fee: formatCreationFee(currency, locale) })).toBe(expected);
  });
});

describe('marketing texts', () => {
  const fee = (locale: Locale) => ({ fee: formatVisitorCreationFee(locale) });

  it('price in dollars in English', () => {
    expect(read('en', 'pages.joinUs.perk2', fee('en'))).toBe('A one-time fee of $20, and no cut of any gift');
    expect(read('en', 'prerender.landing.point1', fee('en'))).toContain('for a one-time $20.');
    expect(read('en', 'faq.items.cost.answer', fee('en'))).toContain('a one-time fee of $20, paid once per calendar');
  });

  it('price in euros in German and Russian, as each writes amounts', () => {
    expect(read('de', 'pages.joinUs.perk2', fee('de'))).toBe('Einmalig 20 € und kein Abzug von Geschenken');
    expect(read('de', 'prerender.infoCards.business.description', fee('de'))).toMatch(/^Für einmalig 20 € und/);
    expect(read('de', 'legal.terms.fee.p1', fee('de'))).toContain('einmalige Gebühr von 20 € pro Kalender');
    expect(read('de', 'faq.page.metaDescription', fee('de'))).toContain('die einmalige Gebühr von 20 €,');
    expect(read('ru', 'pages.joinUs.perk2', fee('ru'))).toBe('Разовый взнос 20 € и никакой комиссии с подарков');
    expect(read('ru', 'prerender.landing.point1', fee('ru'))).toMatch(/разовый взнос 20 €\.$/);
    expect(read('ru', 'faq.items.cost.answer', fee('ru'))).toMatch(
      /^Создание календаря стоит 20 € — это разовый взнос/,
    );
    expect(read('ru', 'legal.terms.metaDescription', fee('ru'))).toContain('разовый взнос 20 € за календарь');
  });
});
