import { z } from 'zod';
import { ConfirmPasswordSchema, NameSchema, SAVINGS_GOAL_CURRENCY, SAVINGS_GOAL_MAX_AMOUNT } from './account.ts';
import { CurrencySchema } from './currency-schema.ts';
import { EmailSchema } from './email.ts';
import { IbanSchema } from './iban-schema.ts';
import { LocaleSchema } from './locale-schema.ts';

/** `PUT /api/account/settings`: the Settings page (a module of its own, as it takes an IBAN). */
export const AccountSettingsSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  /** Empty string clears the IBAN; undefined leaves it unchanged (the form shows it masked). */
  iban: z.union([z.literal(''), IbanSchema]).optional(),
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
  /** Needed when `iban` is a new IBAN or `email` a new address. */
  password: ConfirmPasswordSchema,
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;
