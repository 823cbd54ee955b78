import type { CurrentUser } from '@firstday/common/account';
import type { Currency } from '@firstday/common/currency';
import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import {
  type BankAccountRequest,
  type BankAccountValues,
  getSavedBankAccountValues,
  isBankAccountCleared,
  nameBankAccountErrors,
  readBankAccountChange,
} from '../calendars/bank-account-values.ts';
import { formatAmountForInput, getSavingsGoalCurrency, parseAmountInput } from './savings-goal.ts';

/**
 * What the settings form holds: text as typed, before it becomes the API's `AccountSettings`. The
 * bank fields start as the saved account, masked (getSavedBankAccountValues); anything else is a new
 * account the user typed, or, all emptied, its removal.
 */
export type SettingsFormValues = BankAccountValues & {
  name: string;
  email: string;
  savingsGoal: string;
  /** Not a field: the money the goal is typed in (getSavingsGoalCurrency). */
  savingsGoalCurrency: Currency;
  hideSenderNamesDefault: boolean;
  hideTotalDefault: boolean;
  giftNotifications: boolean;
  /** The account's language: its signed-in pages and the e-mails it gets. */
  locale: Locale;
};

export type SettingsField = keyof SettingsFormValues;
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;

/** `pageLocale` stands in for an account that has no language yet. */
export function getSettingsFormValues(user: CurrentUser, pageLocale: Locale = DEFAULT_LOCALE): SettingsFormValues {
  return {
    name: user.name,
    email: user.email,
    ...getSavedBankAccountValues(user.IBAN),
    savingsGoal: formatAmountForInput(user.settings.savings_goal_amount),
    savingsGoalCurrency: getSavingsGoalCurrency(user, pageLocale),
    hideSenderNamesDefault: user.settings.hide_sender_names_default,
    hideTotalDefault: user.settings.hide_total_default,
    giftNotifications: user.settings.gift_notifications,
    locale: user.settings.locale ?? pageLocale,
  };
}

/**
 * The masked account is not an account: leaving it in place sends nothing; the saved kind's fields
 * all emptied remove it (`iban: ''`); anything else is sent as typed.
 */
function getBankAccountInput(values: SettingsFormValues, maskedBankAccount: string | null): BankAccountRequest {
  const change = readBankAccountChange(values, maskedBankAccount);
  if (change.status !== 'new') return {};
  const savedKind = getSavedBankAccountValues(maskedBankAccount).bankKind;
  if (values.bankKind === savedKind && isBankAccountCleared(change.request)) return { iban: '' };
  return change.request;
}

/** The request body before validation; unreadable amounts become NaN so the schema words the error. */
export function buildSettingsInput(values: SettingsFormValues, maskedBankAccount: string | null) {
  return {
    name: values.name,
    email: values.email,
    ...getBankAccountInput(values, maskedBankAccount),
    savingsGoalAmount: parseAmountInput(values.savingsGoal),
    savingsGoalCurrency: values.savingsGoalCurrency,
    hideSenderNamesDefault: values.hideSenderNamesDefault,
    hideTotalDefault: values.hideTotalDefault,
    giftNotifications: values.giftNotifications,
    locale: values.locale,
  };
}

const FIELD_BY_API_NAME: Record<string, SettingsField> = {
  name: 'name',
  email: 'email',
  iban: 'iban',
  IBAN: 'iban',
  routingNumber: 'routingNumber',
  sortCode: 'sortCode',
  accountNumber: 'accountNumber',
  bankKind: 'bankKind',
  savingsGoalAmount: 'savingsGoal',
  savingsGoalCurrency: 'savingsGoal',
  hideSenderNamesDefault: 'hideSenderNamesDefault',
  hideTotalDefault: 'hideTotalDefault',
  giftNotifications: 'giftNotifications',
  locale: 'locale',
};

/** Server `fields` (API names) → form fields; unknown names are dropped and shown as a general error. */
export function mapApiFieldErrors(fields: Readonly<Record<string, string>>): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  // A refused `bankAccount` as a whole goes on where the bank is.
  for (const [apiName, message] of Object.entries(nameBankAccountErrors(fields))) {
    const field = FIELD_BY_API_NAME[apiName];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/**
 * What a validated request changes that needs the password (or a fresh sign-in) first;
 * `newBankAccount` as the one text kept (readBankAccountText).
 */
export type SensitiveSettingsChange = { newBankAccount?: string; newEmail?: string };
