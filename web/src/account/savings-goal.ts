import type { CurrentUser } from '@firstday/common/account';
import { getMaskedBankAccountCurrencies } from '@firstday/common/bank-account';
import { VISITOR_CURRENCY } from '@firstday/common/creation-fee';
import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';

/**
 * The money a savings goal is in: the one it was saved in, else what the account's bank account
 * is paid in, else the money of the page's language (dollars in English, euros in German and
 * Russian), so a German parent with a German IBAN sets a goal in euros.
 */
export function getSavingsGoalCurrency(user: CurrentUser, pageLocale: Locale): Currency {
  return (
    user.settings.savings_goal_currency ??
    (user.IBAN ? getMaskedBankAccountCurrencies(user.IBAN)[0] : undefined) ??
    VISITOR_CURRENCY[pageLocale]
  );
}

/**
 * The savings goal is typed in its currency and stored in minor units. Unreadable input becomes NaN so
 * the shared schema answers with its own message ('Please enter an amount in dollars.').
 */
export function parseAmountInput(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^[$€£]/, '')
    .replace(/,/g, '')
    .trim();
  if (cleaned === '') return null;
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cleaned.startsWith('-') ? -amount : amount;
}

/** 125050 → '1250.50', 2000 → '2000': what the input shows, without separators so it edits easily. */
export function formatAmountForInput(amount: number | null): string {
  if (amount === null) return '';
  const dollars = Math.floor(amount / 100);
  const rest = amount % 100;
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, '0')}`;
}
