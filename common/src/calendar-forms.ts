import { z } from 'zod';
import { ConfirmPasswordSchema, NameSchema } from './account.ts';
import { BANK_ACCOUNT_FIELDS, refineBankAccountFields } from './bank-account-schema.ts';
import {
  BackgroundSchema,
  CalendarTitleSchema,
  createDueDateSchema,
  ParentsNoteSchema,
  WIZARD_STEPS,
} from './calendars.ts';
import { CurrencySchema } from './currency-schema.ts';

// The owner's calendar forms, apart from calendars.ts because they take a bank account
// (bank-account-schema.ts, which loads ibantools' country table).

/** An uploaded photo's id (images.ts keeps no zod: the guest page loads it). */
export const ImageIdSchema = z.uuid({ error: 'Please upload the photo again.' });

/**
 * Step 1. The bank account (an IBAN, or a US or UK account number) may be left out when the
 * account has bank details: the server copies them. `currency` left out: the bank decides
 * (getBankAccountCurrencies).
 */
export const CreateCalendarSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    ...BANK_ACCOUNT_FIELDS,
    currency: CurrencySchema,
  })
  .partial({ iban: true, routingNumber: true, accountNumber: true, sortCode: true, currency: true })
  .superRefine(refineBankAccountFields);

/** Any subset of the owner-editable fields (wizard steps and the Calendar Info page). */
export const UpdateCalendarSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    ...BANK_ACCOUNT_FIELDS,
    /** Until the creation fee is paid; after that the server answers 400 (currency_locked). */
    currency: CurrencySchema,
    title: CalendarTitleSchema,
    dueDate: createDueDateSchema(),
    background: BackgroundSchema,
    hideSenderNames: z.boolean(),
    hideTotal: z.boolean(),
    guessTime: z.boolean(),
    guessWeight: z.boolean(),
    wizardStep: z.number().int().min(1).max(WIZARD_STEPS),
    /** An image the owner uploaded (`POST /api/images`), or null to remove the photo. */
    coverImageId: ImageIdSchema.nullable(),
    parentsNote: ParentsNoteSchema,
    giftsIfNotAnnounced: z.enum(['pay_out', 'refund'], { error: 'Please choose what happens to the gifts.' }),
    /** Needed when the bank account of a calendar that is paid for changes (drafts hold no money). */
    password: ConfirmPasswordSchema,
  })
  .partial()
  .superRefine(refineBankAccountFields);
