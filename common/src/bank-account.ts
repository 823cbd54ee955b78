/**
 * The parents' bank account the gifts are paid out to, as their bank writes it (issue 24): an IBAN
 * in IBAN countries, routing and account number in the US, sort code and account number as the
 * UK's alternative to an IBAN. Only countries Stripe can pay out to self-serve are taken, and a
 * parent hears so on step 1 of the wizard, before the fee.
 */
import type { Currency } from './currency.ts';
import { defaultCurrencyForIban } from './currency.ts';
import { maskIban } from './iban.ts';

export type BankAccount =
  | { kind: 'iban'; country: string; iban: string }
  | { kind: 'us'; country: 'US'; routingNumber: string; accountNumber: string }
  | { kind: 'gb'; country: 'GB'; sortCode: string; accountNumber: string };

/** The country of a bank the parents can pick on step 1; how its accounts are written follows from it. */
export type BankAccountKind = BankAccount['kind'];

/**
 * Where Stripe pays out to a connected account self-serve: the EEA, Switzerland, the UK and the
 * US (Canada's transit numbers are not taken yet). ISO 3166 codes, as they begin an IBAN.
 */
export const PAYOUT_COUNTRIES: ReadonlySet<string> = new Set([
  // European Union
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  // the rest of the EEA, Switzerland, the UK, the US
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
  'US',
]);

export const UNSUPPORTED_BANK_COUNTRY_MESSAGE =
  'Firstday cannot pay out to banks in this country yet: gifts can be paid out to banks in the EEA, Switzerland, the UK and the US.';

/** A US ABA routing number: nine digits whose weighted sum (3, 7, 1, …) is a multiple of ten. */
export function isRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...digits].reduce((sum, digit, index) => sum + Number(digit) * weights[index]!, 0) % 10 === 0;
}

/** Digits only: '10-88-00' → '108800', '0001 2345' → '00012345'. */
export function toDigits(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

/**
 * The one text a bank account is sealed, compared and handed to the provider as: the IBAN itself
 * (so IBANs saved before issue 24 read unchanged), 'US:<routing>:<account>' or 'GB:<sort code>:<account>'.
 */
export function toBankAccountText(account: BankAccount): string {
  switch (account.kind) {
    case 'iban':
      return account.iban;
    case 'us':
      return `US:${account.routingNumber}:${account.accountNumber}`;
    case 'gb':
      return `GB:${account.sortCode}:${account.accountNumber}`;
  }
}

export function parseBankAccountText(text: string): BankAccount {
  const [country, bankCode, accountNumber] = text.split(':');
  if (country === 'US' && bankCode && accountNumber)
    return { kind: 'us', country, routingNumber: bankCode, accountNumber };
  if (country === 'GB' && bankCode && accountNumber) return { kind: 'gb', country, sortCode: bankCode, accountNumber };
  return { kind: 'iban', country: text.slice(0, 2).toUpperCase(), iban: text };
}

/** What the parents see of it: 'DE89 •••• •••• •••• 3000', 'US ••••6789 (routing 110000000)', 'GB 10-88-00 ••••2345'. */
export function maskBankAccount(text: string): string {
  const account = parseBankAccountText(text);
  switch (account.kind) {
    case 'iban':
      return maskIban(account.iban);
    case 'us':
      return `US ••••${account.accountNumber.slice(-4)} (routing ${account.routingNumber})`;
    case 'gb':
      return `GB ${account.sortCode.replace(/(\d{2})(?=\d)/g, '$1-')} ••••${account.accountNumber.slice(-4)}`;
  }
}

/**
 * The parts of a masked account (maskBankAccount) a form shows in its fields, so that a saved
 * account reads as it was typed: an IBAN masked as a whole, a US routing number with the account
 * number's last four digits, a UK sort code with the same. The masked parts stay masked.
 */
export function readMaskedBankAccount(
  masked: string,
):
  | { kind: 'iban'; iban: string }
  | { kind: 'us'; routingNumber: string; accountNumber: string }
  | { kind: 'gb'; sortCode: string; accountNumber: string } {
  const us = /^US (\S+) \(routing (\d+)\)$/.exec(masked);
  if (us) return { kind: 'us', routingNumber: us[2]!, accountNumber: us[1]! };
  const gb = /^GB (\d{2}-\d{2}-\d{2}) (\S+)$/.exec(masked);
  if (gb) return { kind: 'gb', sortCode: gb[1]!, accountNumber: gb[2]! };
  return { kind: 'iban', iban: masked };
}

/** A new account number sent with the masked one's bank code: the masked digits are not a number. */
export const MASKED_ACCOUNT_NUMBER_MESSAGE =
  'Please enter the whole account number: only its last four digits are shown.';

/**
 * The currencies a payout to this account can land in, the one the calendar takes by default
 * first: a US account takes dollars only, a UK sort code pounds only; an IBAN any of ours
 * (Stripe converts), its country's money first.
 */
export function getBankAccountCurrencies(text: string): readonly Currency[] {
  const account = parseBankAccountText(text);
  if (account.kind === 'us') return ['usd'];
  if (account.kind === 'gb') return ['gbp'];
  const preferred = defaultCurrencyForIban(account.iban);
  return [preferred, ...(['usd', 'eur', 'gbp'] as const).filter((currency) => currency !== preferred)];
}

/** Why a US or UK-domestic account refuses a currency (an IBAN takes every currency of ours). */
export const BANK_CURRENCY_MESSAGES: Record<Exclude<BankAccountKind, 'iban'>, string> = {
  us: 'A US bank account receives US dollars only.',
  gb: 'A UK account with a sort code receives pounds only: enter its IBAN for another currency.',
};

/** The currencies a saved account can take, read from its masked text as `getBankAccountCurrencies` reads the full one. */
export function getMaskedBankAccountCurrencies(masked: string): readonly Currency[] {
  const { kind } = readMaskedBankAccount(masked);
  if (kind === 'us') return ['usd'];
  if (kind === 'gb') return ['gbp'];
  return getBankAccountCurrencies(masked);
}
