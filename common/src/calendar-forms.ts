import { z } from 'zod';
import { ConfirmPasswordSchema, NameSchema } from './account.ts';
import {
  BackgroundSchema,
  CalendarTitleSchema,
  createDueDateSchema,
  ParentsNoteSchema,
  WIZARD_STEPS,
} from './calendars.ts';
import { CurrencySchema } from './currency-schema.ts';
import { IbanSchema } from './iban-schema.ts';
import { ImageIdSchema } from './images.ts';

// The owner's calendar forms, apart from calendars.ts because they take an IBAN (iban-schema.ts).

/**
 * Step 1. `iban` may be left out when the account has bank details: the server copies them.
 * `currency` left out: the IBAN's country decides (defaultCurrencyForIban).
 */
export const CreateCalendarSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  iban: IbanSchema.optional(),
  currency: CurrencySchema.optional(),
});

/** Any subset of the owner-editable fields (wizard steps and the Calendar Info page). */
export const UpdateCalendarSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    iban: IbanSchema,
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
    /** Needed when `iban` replaces the IBAN of a calendar that is paid for (drafts hold no money). */
    password: ConfirmPasswordSchema,
  })
  .partial();
