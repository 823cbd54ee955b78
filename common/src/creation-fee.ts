import type { Currency } from './currency.ts';
import { formatMoney } from './format.ts';
import type { Locale } from './locales.ts';

/**
 * The one-time fee to publish a calendar: minor units, 20 in the calendar's currency (dollars,
 * euros or pounds). The server charges it (payments/charge-payments.ts); pages and e-mails name it
 * with `formatCreationFee`. Kept apart from calendars.ts (zod) so the marketing islands can use it.
 */
export const CREATION_FEE_AMOUNT = 2000;

/**
 * The currency a visitor most likely pays in before a calendar exists, by the page's language: the
 * marketing pages name the fee in it and the savings calculator starts in it. A calendar's own
 * currency follows its bank.
 */
export const VISITOR_CURRENCY: Readonly<Record<Locale, Currency>> = { en: 'usd', de: 'eur', ru: 'eur' };

// The fee as Intl writes it in each of the product's languages (a no-break space before a symbol
// written after the amount), so that naming it makes no formatter: the first Intl number format a
// page makes costs tens of milliseconds on a phone, and the wizard's first step names the fee in
// up to three currencies while it hydrates (decision 037). creation-fee.test.ts checks each against
// formatMoney.
const FEE_LABELS: Readonly<Record<Locale, Readonly<Record<Currency, string>>>> = {
  en: { usd: '$20', eur: '€20', gbp: '£20' },
  de: { usd: '20\u00a0$', eur: '20\u00a0€', gbp: '20\u00a0£' },
  ru: { usd: '20\u00a0$', eur: '20\u00a0€', gbp: '20\u00a0£' },
};

/**
 * The fee as a language writes it, in a currency: '€20' (en), '20 €' (de, ru), '$20', '£20'. The
 * one way every page and e-mail names the fee; `locale` as `formatMoney` takes it ('de', 'de-DE').
 */
export function formatCreationFee(currency: Currency, locale: string): string {
  const label = Object.hasOwn(FEE_LABELS, locale) ? FEE_LABELS[locale as Locale][currency] : undefined;
  return label ?? formatMoney(CREATION_FEE_AMOUNT, { currency, locale });
}

/** The fee in the visitor's currency, for pages shown before a calendar exists (`/de/faq` → '20 €'). */
export function formatVisitorCreationFee(locale: Locale): string {
  return formatCreationFee(VISITOR_CURRENCY[locale], locale);
}
