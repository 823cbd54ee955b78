import type { CurrentUser } from '@firstday/common/account';
import { type AccountSettings, AccountSettingsSchema } from '@firstday/common/account-settings';
import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import { formatAmountForInput, parseAmountInput } from './savings-goal.ts';

/** What the settings form holds: text as typed, before it becomes the API's `AccountSettings`. */
export type SettingsFormValues = {
  name: string;
  email: string;
  /** Starts as the masked IBAN; anything else is a new IBAN the user typed (or '' to remove it). */
  iban: string;
  savingsGoal: string;
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
    iban: user.IBAN ?? '',
    savingsGoal: formatAmountForInput(user.settings.savings_goal_amount),
    hideSenderNamesDefault: user.settings.hide_sender_names_default,
    hideTotalDefault: user.settings.hide_total_default,
    giftNotifications: user.settings.gift_notifications,
    locale: user.settings.locale ?? pageLocale,
  };
}

/** The masked IBAN is not an IBAN: leaving it in place must not send it back. */
function getIbanChange(typed: string, maskedIban: string | null): string | undefined {
  const trimmed = typed.trim();
  if (trimmed === (maskedIban ?? '')) return undefined;
  return trimmed;
}

/** The request body before validation; unreadable amounts become NaN so the schema words the error. */
export function buildSettingsInput(values: SettingsFormValues, maskedIban: string | null) {
  return {
    name: values.name,
    email: values.email,
    iban: getIbanChange(values.iban, maskedIban),
    savingsGoalAmount: parseAmountInput(values.savingsGoal),
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
  for (const [apiName, message] of Object.entries(fields)) {
    const field = FIELD_BY_API_NAME[apiName];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** What a validated request changes that needs the password (or a fresh sign-in) first. */
export type SensitiveSettingsChange = { newIban?: string; newEmail?: string };

/**
 * A new IBAN (payouts could be redirected) or a new e-mail address (a password reset could be sent
 * there); undefined when the request has neither. Removing the IBAN needs nothing.
 */
export function findSensitiveChange(request: AccountSettings, user: CurrentUser): SensitiveSettingsChange | undefined {
  const change: SensitiveSettingsChange = {
    ...(request.iban ? { newIban: request.iban } : {}),
    ...(request.email !== user.email ? { newEmail: request.email } : {}),
  };
  return change.newIban || change.newEmail ? change : undefined;
}

export type SettingsValidation =
  | { success: true; request: AccountSettings }
  | { success: false; errors: SettingsFieldErrors };

/** Validates with the same schema the server uses, so both sides refuse the same values. */
export function validateSettings(values: SettingsFormValues, maskedIban: string | null): SettingsValidation {
  const result = AccountSettingsSchema.safeParse(buildSettingsInput(values, maskedIban));
  if (result.success) return { success: true, request: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const apiName = String(issue.path[0] ?? '');
    fields[apiName] ??= issue.message;
  }
  return { success: false, errors: mapApiFieldErrors(fields) };
}
