import { z } from 'zod';
import { ConfirmPasswordSchema, NameSchema, SAVINGS_GOAL_CURRENCY, SAVINGS_GOAL_MAX_AMOUNT } from './account.ts';
import { BANK_ACCOUNT_FIELDS, refineBankAccountFields } from './bank-account-schema.ts';
import { CurrencySchema } from './currency-schema.ts';
import { EmailSchema } from './email.ts';
import { LocaleSchema } from './locale-schema.ts';

/**
 * `PUT /api/account/settings`: the Settings page (a module of its own, as it takes a bank account,
 * bank-account-schema.ts). The account's bank account is written as its bank's country writes it,
 * like a calendar's: `iban`, or `routingNumber` + `accountNumber` (US), or `sortCode` +
 * `accountNumber` (UK); none of them leaves it unchanged (the form shows it masked), `iban: ''`
 * removes it.
 */
export const AccountSettingsSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    iban: z.union([z.literal(''), BANK_ACCOUNT_FIELDS.iban]).optional(),
    routingNumber: BANK_ACCOUNT_FIELDS.routingNumber.optional(),
    accountNumber: BANK_ACCOUNT_FIELDS.accountNumber.optional(),
    sortCode: BANK_ACCOUNT_FIELDS.sortCode.optional(),
    /** Minor units of `savingsGoalCurrency`; null clears the goal. */
    savingsGoalAmount: z
      .number({ error: 'Please enter an amount in dollars.' })
      .int()
      .min(0, 'A savings goal cannot be negative.')
      .max(SAVINGS_GOAL_MAX_AMOUNT, 'Please enter at most $1,000,000.')
      .nullable(),
    savingsGoalCurrency: CurrencySchema.default(SAVINGS_GOAL_CURRENCY),
    hideSenderNamesDefault: z.boolean(),
    hideTotalDefault: z.boolean(),
    /** The language of the signed-in area and of the owner's e-mails; undefined leaves it as it is. */
    locale: LocaleSchema.optional(),
    /** An e-mail for each paid gift; undefined leaves the setting as it is. */
    giftNotifications: z.boolean().optional(),
    /** Needed when the bank account is a new one or `email` a new address. */
    password: ConfirmPasswordSchema,
  })
  .superRefine(refineBankAccountFields);
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;
