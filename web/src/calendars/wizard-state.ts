import { CreateCalendarSchema } from '@firstday/common/calendar-forms';
import {
  type BackgroundId,
  createDueDateSchema,
  type OwnerCalendar,
  ParentsNoteSchema,
  toIsoDate,
} from '@firstday/common/calendars';
import { type Currency, defaultCurrencyForIban } from '@firstday/common/currency';
import { z } from 'zod';
import { messageId, type Translate } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';

export const WIZARD_STEP_LABELS = [
  messageId('calendars.wizard.stepDetails'),
  messageId('calendars.wizard.stepCustomize'),
  messageId('calendars.wizard.stepPlan'),
  messageId('calendars.wizard.stepPayment'),
  messageId('calendars.wizard.stepWelcome'),
] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/** Everything the wizard's forms hold, kept across Back and across steps until it is saved. */
export type WizardValues = {
  firstName: string;
  lastName: string;
  /** 'saved': the masked IBAN of the account (or of this draft) is used, nothing is sent. */
  ibanChoice: 'saved' | 'new';
  iban: string;
  dueDate: string;
  background: BackgroundId;
  /** The parents' page (step 2, optional). */
  coverImageId: string | null;
  parentsNote: string;
  /** The calendar's currency: the fee, the gifts and the payout; it can change until the fee is paid. */
  currency: Currency;
};

export type StepErrors = Partial<Record<keyof WizardValues, string>>;

/** A new wizard starts with the account's names; the masked account IBAN is offered when there is one. */
export function getInitialValues(user: { first_name: string; last_name: string; IBAN: string | null }): WizardValues {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    ibanChoice: user.IBAN ? 'saved' : 'new',
    iban: '',
    dueDate: '',
    background: 'pink',
    coverImageId: null,
    parentsNote: '',
    currency: defaultCurrencyForIban(user.IBAN),
  };
}

export function getDraftValues(calendar: OwnerCalendar): WizardValues {
  return {
    firstName: calendar.firstName,
    lastName: calendar.lastName,
    ibanChoice: calendar.iban ? 'saved' : 'new',
    iban: '',
    dueDate: calendar.dueDate ?? '',
    background: calendar.background,
    coverImageId: calendar.coverImageId,
    parentsNote: calendar.parentsNote ?? '',
    currency: calendar.currency,
  };
}

/**
 * The currency follows the payout IBAN's country (a German IBAN: euros) until the parent picks one;
 * the masked saved IBAN keeps its country code. An IBAN without a country yet changes nothing.
 */
export function followIbanCurrency(values: WizardValues, savedIban: string | null): WizardValues {
  const iban = values.ibanChoice === 'saved' ? savedIban : values.iban;
  if (!iban || !/^\s*[A-Za-z]{2}/.test(iban)) return values;
  return { ...values, currency: defaultCurrencyForIban(iban.trim()) };
}

/** Whether a draft's currency was picked by the parent rather than taken from its IBAN. */
export function isCurrencyPicked(calendar: Pick<OwnerCalendar, 'currency' | 'iban'>): boolean {
  return calendar.currency !== defaultCurrencyForIban(calendar.iban);
}

/** Something typed that the server does not have yet; a chosen but still empty new IBAN is nothing. */
export function hasUnsavedChanges(values: WizardValues, saved: WizardValues): boolean {
  const typed = (current: WizardValues) => ({
    ...current,
    ibanChoice: current.iban.trim() ? current.ibanChoice : 'saved',
  });
  const now = typed(values);
  const then = typed(saved);
  return (Object.keys(now) as (keyof WizardValues)[]).some((key) => now[key] !== then[key]);
}

/**
 * The step a saved draft resumes on: the server's `wizardStep`, but never past a step whose data is
 * missing (no due date → step 2), and never the welcome step, which needs a paid calendar.
 */
export function getResumeStep(calendar: Pick<OwnerCalendar, 'wizardStep' | 'dueDate'>): WizardStep {
  const step = Math.min(4, Math.max(1, Math.trunc(calendar.wizardStep) || 1));
  if (step >= 3 && !calendar.dueDate) return 2;
  return step as WizardStep;
}

/** Why a `?draft=` id cannot be resumed, or null when it can. */
export type DraftProblem = 'not_found' | 'already_active' | 'load_failed';

export function getDraftProblem(calendar: OwnerCalendar | undefined, error: unknown): DraftProblem | null {
  if (error) {
    // Someone else's draft answers 404 like an unknown one, on purpose: nothing to tell apart.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'not_found';
    return 'load_failed';
  }
  if (calendar && calendar.status !== 'draft') return 'already_active';
  return null;
}

function collectErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): StepErrors {
  const errors: StepErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof WizardValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

export type StepOneResult =
  | { success: true; request: { firstName: string; lastName: string; iban?: string; currency: Currency } }
  | { success: false; errors: StepErrors };

/** Step 1 with the server's schema; the saved (masked) IBAN is left out so the server keeps or copies it. */
export function validateStepOne(values: WizardValues, t: Translate): StepOneResult {
  const useSaved = values.ibanChoice === 'saved';
  if (!useSaved && values.iban.trim() === '') {
    const result = CreateCalendarSchema.safeParse({ firstName: values.firstName, lastName: values.lastName });
    const errors = result.success ? {} : collectErrors(result.error.issues);
    return { success: false, errors: { ...errors, iban: t('calendars.wizard.ibanRequired') } };
  }
  const result = CreateCalendarSchema.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    iban: useSaved ? undefined : values.iban,
  });
  if (!result.success) return { success: false, errors: collectErrors(result.error.issues) };
  const { firstName, lastName, iban } = result.data;
  const request = { firstName, lastName, currency: values.currency };
  return { success: true, request: iban === undefined ? request : { ...request, iban } };
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

/** The fields of steps 1 and 2, in the order they are shown (the API's names are the same). */
export const WIZARD_STEP_FIELDS = {
  1: ['firstName', 'lastName', 'iban', 'currency'],
  2: ['dueDate', 'background', 'coverImageId', 'parentsNote'],
} as const satisfies Record<1 | 2, readonly (keyof WizardValues)[]>;

/** Every field a 400's `fields` may name, the shown step's first: the first of them gets the focus. */
export function getServerErrorFields(step: WizardStep): readonly (keyof WizardValues)[] {
  return step === 2
    ? [...WIZARD_STEP_FIELDS[2], ...WIZARD_STEP_FIELDS[1]]
    : [...WIZARD_STEP_FIELDS[1], ...WIZARD_STEP_FIELDS[2]];
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
