import { getBankAccountCurrencies, getMaskedBankAccountCurrencies } from '@firstday/common/bank-account';
import type { BackgroundId, OwnerCalendar } from '@firstday/common/calendars';
import { type Currency, defaultCurrencyForIban } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { messageId } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import type { BankKind } from './bank-account-values.ts';

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
  /** 'saved': the masked bank account of the account (or of this draft) is used, nothing is sent. */
  ibanChoice: 'saved' | 'new';
  /** How the new account is written: its bank's country (bank-account.ts); 'other' cannot be paid out to. */
  bankKind: BankKind;
  iban: string;
  routingNumber: string;
  accountNumber: string;
  sortCode: string;
  dueDate: string;
  background: BackgroundId;
  /** The parents' page (step 2, optional). */
  coverImageId: string | null;
  parentsNote: string;
  /** The calendar's currency: the fee, the gifts and the payout; it can change until the fee is paid. */
  currency: Currency;
};

export type StepErrors = Partial<Record<keyof WizardValues, string>>;

/** A new bank account's fields, empty; an English page starts with a US account, the others with an IBAN. */
function newBankAccount(locale: Locale) {
  return {
    bankKind: locale === 'en' ? 'us' : 'iban',
    iban: '',
    routingNumber: '',
    accountNumber: '',
    sortCode: '',
  } as const;
}

/** A new wizard starts with the account's names; the masked account IBAN is offered when there is one. */
export function getInitialValues(
  user: { first_name: string; last_name: string; IBAN: string | null },
  locale: Locale = 'en',
): WizardValues {
  const bank = newBankAccount(locale);
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    ibanChoice: user.IBAN ? 'saved' : 'new',
    ...bank,
    dueDate: '',
    background: 'pink',
    coverImageId: null,
    parentsNote: '',
    currency: user.IBAN ? defaultCurrencyForIban(user.IBAN) : bank.bankKind === 'us' ? 'usd' : 'eur',
  };
}

export function getDraftValues(calendar: OwnerCalendar, locale: Locale = 'en'): WizardValues {
  return {
    firstName: calendar.firstName,
    lastName: calendar.lastName,
    ibanChoice: calendar.bankAccount ? 'saved' : 'new',
    ...newBankAccount(locale),
    dueDate: calendar.dueDate ?? '',
    background: calendar.background,
    coverImageId: calendar.coverImageId,
    parentsNote: calendar.parentsNote ?? '',
    currency: calendar.currency,
  };
}

/**
 * The currencies the bank shown can take, its own first: a US account dollars, a UK sort code
 * pounds, an IBAN any (its country's money first; the masked saved one keeps its country code).
 */
export function getAcceptedCurrencies(values: WizardValues, savedBankAccount: string | null): readonly Currency[] {
  if (values.ibanChoice === 'new' && values.bankKind === 'us') return ['usd'];
  if (values.ibanChoice === 'new' && values.bankKind === 'gb') return ['gbp'];
  if (values.ibanChoice === 'saved' && savedBankAccount) return getMaskedBankAccountCurrencies(savedBankAccount);
  const iban = values.ibanChoice === 'saved' ? '' : values.iban.trim().toUpperCase();
  return getBankAccountCurrencies(/^[A-Z]{2}/.test(iban) ? iban : 'XX');
}

/**
 * The currency follows the payout bank's country (a German IBAN: euros, a US account: dollars)
 * until the parent picks one the bank can take. An IBAN without a country yet changes nothing.
 */
export function followBankCurrency(
  values: WizardValues,
  savedBankAccount: string | null,
  picked: boolean,
): WizardValues {
  const accepted = getAcceptedCurrencies(values, savedBankAccount);
  const typingIban = values.ibanChoice === 'new' && values.bankKind === 'iban';
  if (typingIban && !/^\s*[A-Za-z]{2}/.test(values.iban)) return values;
  if (picked && accepted.includes(values.currency)) return values;
  return { ...values, currency: accepted[0]! };
}

/** Whether a draft's currency was picked by the parent rather than taken from its bank account. */
export function isCurrencyPicked(calendar: Pick<OwnerCalendar, 'currency' | 'bankAccount'>): boolean {
  const usual = calendar.bankAccount ? getMaskedBankAccountCurrencies(calendar.bankAccount)[0] : undefined;
  return calendar.currency !== (usual ?? defaultCurrencyForIban(null));
}

/** Something typed that the server does not have yet; a chosen but still empty new IBAN is nothing. */
export function hasUnsavedChanges(values: WizardValues, saved: WizardValues): boolean {
  const typed = (current: WizardValues) => {
    const bankTyped = [current.iban, current.routingNumber, current.accountNumber, current.sortCode].some(
      (value) => value.trim() !== '',
    );
    return {
      ...current,
      ibanChoice: bankTyped ? current.ibanChoice : 'saved',
      bankKind: bankTyped && current.bankKind,
    };
  };
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

/**
 * The step the URL's `?step=` asks for (each step is a history entry, so Back and Forward move
 * between steps), never past the furthest step saved; without one, the step the wizard opened on.
 */
export function getStepFromUrl(stepParam: string | null, opened: WizardStep, reached: WizardStep): WizardStep {
  const asked = Math.trunc(Number(stepParam));
  if (stepParam === null || !Number.isFinite(asked)) return Math.min(opened, reached) as WizardStep;
  return Math.min(reached, Math.max(1, asked)) as WizardStep;
}

/** The wizard's URL for a step: history entries with the draft, so a reload resumes it. */
export function getStepSearch(step: WizardStep, draftId: string | null): string {
  const params = new URLSearchParams();
  if (draftId) params.set('draft', draftId);
  params.set('step', String(step));
  return `?${params}`;
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

/** The fields of steps 1 and 2, in the order they are shown (the API's names are the same). */
export const WIZARD_STEP_FIELDS = {
  1: ['firstName', 'lastName', 'bankKind', 'iban', 'routingNumber', 'sortCode', 'accountNumber', 'currency'],
  2: ['dueDate', 'background', 'coverImageId', 'parentsNote'],
} as const satisfies Record<1 | 2, readonly (keyof WizardValues)[]>;

/** Every field a 400's `fields` may name, the shown step's first: the first of them gets the focus (the server's `bankAccount` shows on `bankKind`). */
export function getServerErrorFields(step: WizardStep): readonly (keyof WizardValues)[] {
  return step === 2
    ? [...WIZARD_STEP_FIELDS[2], ...WIZARD_STEP_FIELDS[1]]
    : [...WIZARD_STEP_FIELDS[1], ...WIZARD_STEP_FIELDS[2]];
}
