import '../lib/zod-without-eval.ts';
import type { CurrentUser } from '@firstday/common/account';
import { type AccountSettings, AccountSettingsSchema } from '@firstday/common/account-settings';
import { readBankAccountText } from '@firstday/common/bank-account-schema';
import { readBankAccountChange } from '../calendars/bank-account-values.ts';
import {
  buildSettingsInput,
  mapApiFieldErrors,
  type SensitiveSettingsChange,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from './settings-values.ts';

// The settings form's checks, with the server's own schema (zod): loaded when the form is first
// used (account-settings-form.tsx), so Settings hydrates without them (decision 036).

/**
 * A new bank account (payouts could be redirected) or a new e-mail address (a password reset could
 * be sent there); undefined when the request has neither. Removing the bank account needs nothing.
 */
export function findSensitiveChange(request: AccountSettings, user: CurrentUser): SensitiveSettingsChange | undefined {
  const newBankAccount = readBankAccountText(request);
  const change: SensitiveSettingsChange = {
    ...(newBankAccount ? { newBankAccount } : {}),
    ...(request.email !== user.email ? { newEmail: request.email } : {}),
  };
  return change.newBankAccount || change.newEmail ? change : undefined;
}

export type SettingsValidation =
  | { success: true; request: AccountSettings }
  | { success: false; errors: SettingsFieldErrors };

/**
 * Validates with the same schema the server uses, so both sides refuse the same values; a bank in
 * a country gifts cannot reach, or the masked account number sent as a number, is refused first.
 */
export function validateSettings(values: SettingsFormValues, maskedBankAccount: string | null): SettingsValidation {
  const bankAccount = readBankAccountChange(values, maskedBankAccount);
  if (bankAccount.status === 'refused') {
    return { success: false, errors: { [bankAccount.field]: bankAccount.message } };
  }
  const result = AccountSettingsSchema.safeParse(buildSettingsInput(values, maskedBankAccount));
  if (result.success) return { success: true, request: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const apiName = String(issue.path[0] ?? '');
    fields[apiName] ??= issue.message;
  }
  return { success: false, errors: mapApiFieldErrors(fields) };
}
