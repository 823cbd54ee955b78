import '../lib/zod-without-eval.ts';
import { UNSUPPORTED_BANK_COUNTRY_MESSAGE } from '@firstday/common/bank-account';
import { toIsoDate } from '@firstday/common/calendar-dates';
import { CreateCalendarSchema } from '@firstday/common/calendar-forms';
import { type BackgroundId, createDueDateSchema, ParentsNoteSchema } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import { z } from 'zod';
import type { Translate } from '../i18n/use-t.tsx';
import { getServerErrorFields, type StepErrors, type WizardStep, type WizardValues } from './wizard-state.ts';

// The wizard's checks: zod and the schemas of `@firstday/common`. Its page loads them when a step is
// first touched or sent (wizard-steps.tsx), not while it hydrates (decision 037).

function collectErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): StepErrors {
  const errors: StepErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof WizardValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

type BankAccountRequest = { iban?: string; routingNumber?: string; accountNumber?: string; sortCode?: string };

export type StepOneResult =
  | { success: true; request: { firstName: string; lastName: string; currency: Currency } & BankAccountRequest }
  | { success: false; errors: StepErrors };

/** The fields of the bank account shown, as typed; none for the saved one (the server keeps or copies it). */
function getBankAccountRequest(values: WizardValues): BankAccountRequest {
  if (values.ibanChoice === 'saved') return {};
  switch (values.bankKind) {
    case 'us':
      return { routingNumber: values.routingNumber, accountNumber: values.accountNumber };
    case 'gb':
      return { sortCode: values.sortCode, accountNumber: values.accountNumber };
    default:
      return { iban: values.iban };
  }
}

/** Step 1 with the server's schema; a bank in a country gifts cannot reach is refused here, before the fee. */
export function validateStepOne(values: WizardValues, t: Translate): StepOneResult {
  const useSaved = values.ibanChoice === 'saved';
  const names = { firstName: values.firstName, lastName: values.lastName };
  const bankProblem = useSaved
    ? undefined
    : values.bankKind === 'other'
      ? { bankKind: UNSUPPORTED_BANK_COUNTRY_MESSAGE }
      : values.bankKind === 'iban' && values.iban.trim() === ''
        ? { iban: t('calendars.wizard.ibanRequired') }
        : undefined;
  if (bankProblem) {
    const result = CreateCalendarSchema.safeParse(names);
    const errors = result.success ? {} : collectErrors(result.error.issues);
    return { success: false, errors: { ...errors, ...bankProblem } };
  }
  const result = CreateCalendarSchema.safeParse({ ...names, ...getBankAccountRequest(values) });
  if (!result.success) return { success: false, errors: collectErrors(result.error.issues) };
  const { firstName, lastName, iban, routingNumber, accountNumber, sortCode } = result.data;
  const bank = Object.fromEntries(
    Object.entries({ iban, routingNumber, accountNumber, sortCode }).filter(([, value]) => value !== undefined),
  );
  return { success: true, request: { firstName, lastName, currency: values.currency, ...bank } };
}

export type StepTwoResult =
  | {
      success: true;
      request: { dueDate: string; background: BackgroundId; coverImageId: string | null; parentsNote: string | null };
    }
  | { success: false; errors: StepErrors };

export function validateStepTwo(values: WizardValues, today = toIsoDate(new Date())): StepTwoResult {
  const dueDate = createDueDateSchema(() => today).safeParse(values.dueDate);
  const note = ParentsNoteSchema.safeParse(values.parentsNote);
  if (!dueDate.success || !note.success) {
    return {
      success: false,
      errors: {
        ...(dueDate.success ? {} : { dueDate: dueDate.error.issues[0]?.message }),
        ...(note.success ? {} : { parentsNote: note.error.issues[0]?.message }),
      },
    };
  }
  return {
    success: true,
    request: {
      dueDate: dueDate.data,
      background: values.background,
      coverImageId: values.coverImageId,
      parentsNote: note.data,
    },
  };
}

/**
 * The wizard form's schema (react-hook-form's resolver) while `step` shows: step 1 is checked by
 * `validateStepOne`, step 2 by `validateStepTwo` (the rules of `@firstday/common`), each refusal on
 * its field; the later steps have no fields.
 */
export function createWizardStepSchema(step: WizardStep, t: Translate) {
  return z.custom<WizardValues>().superRefine((values, context) => {
    const result = step === 1 ? validateStepOne(values, t) : step === 2 ? validateStepTwo(values) : undefined;
    if (!result || result.success) return;
    for (const field of getServerErrorFields(step)) {
      const message = result.errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
  });
}
