import { UpdateCalendarSchema } from '@firstday/common/calendar-forms';
import type { BackgroundId, OwnerCalendar } from '@firstday/common/calendars';
import { z } from 'zod';
import type { Translate } from '../i18n/use-t.tsx';
import {
  BANK_ACCOUNT_FIELDS,
  type BankAccountValues,
  getSavedBankAccountValues,
  nameBankAccountErrors,
  readBankAccountChange,
} from './bank-account-values.ts';
import type { UpdateCalendarRequest } from './calendars-api.ts';

/**
 * The bank fields start as the saved account, masked (getSavedBankAccountValues); anything else is
 * a new account the user typed, written as its bank's country writes it.
 */
export type CalendarInfoValues = BankAccountValues & {
  title: string;
  dueDate: string;
  background: BackgroundId;
  hideSenderNames: boolean;
  hideTotal: boolean;
  /** Guessing for fun: the time of birth and the weight. */
  guessTime: boolean;
  guessWeight: boolean;
  coverImageId: string | null;
  parentsNote: string;
};

export type CalendarInfoErrors = Partial<Record<keyof CalendarInfoValues, string>>;

export function getCalendarInfoValues(calendar: OwnerCalendar): CalendarInfoValues {
  return {
    title: calendar.title,
    dueDate: calendar.dueDate ?? '',
    background: calendar.background,
    ...getSavedBankAccountValues(calendar.bankAccount),
    hideSenderNames: calendar.hideSenderNames,
    hideTotal: calendar.hideTotal,
    guessTime: calendar.guessTime,
    guessWeight: calendar.guessWeight,
    coverImageId: calendar.coverImageId,
    parentsNote: calendar.parentsNote ?? '',
  };
}

/**
 * Only what changed is sent: an unchanged due date that has passed since would otherwise be refused,
 * and the masked account is not an account.
 */
export function buildCalendarChanges(values: CalendarInfoValues, calendar: OwnerCalendar): UpdateCalendarRequest {
  const saved = getCalendarInfoValues(calendar);
  const changes: UpdateCalendarRequest = {};
  if (values.title !== saved.title) changes.title = values.title;
  if (values.dueDate !== saved.dueDate) changes.dueDate = values.dueDate;
  if (values.background !== saved.background) changes.background = values.background;
  const bankAccount = readBankAccountChange(values, calendar.bankAccount);
  if (bankAccount.status === 'new') Object.assign(changes, bankAccount.request);
  if (values.hideSenderNames !== saved.hideSenderNames) changes.hideSenderNames = values.hideSenderNames;
  if (values.hideTotal !== saved.hideTotal) changes.hideTotal = values.hideTotal;
  if (values.guessTime !== saved.guessTime) changes.guessTime = values.guessTime;
  if (values.guessWeight !== saved.guessWeight) changes.guessWeight = values.guessWeight;
  if (values.coverImageId !== saved.coverImageId) changes.coverImageId = values.coverImageId;
  if (values.parentsNote.trim() !== saved.parentsNote) changes.parentsNote = values.parentsNote;
  return changes;
}

/** The fields in the order the form shows them: a refused save focuses the first. */
export const CALENDAR_INFO_FIELDS: readonly (keyof CalendarInfoValues)[] = [
  'title',
  'dueDate',
  'background',
  'coverImageId',
  'parentsNote',
  ...BANK_ACCOUNT_FIELDS,
  'hideSenderNames',
  'hideTotal',
  'guessTime',
  'guessWeight',
];

/** The server's or the schema's field messages on the form's fields (a refused `bankAccount` on the bank's country). */
export function mapCalendarInfoErrors(fields: Readonly<Record<string, string>>): CalendarInfoErrors {
  const named = nameBankAccountErrors(fields);
  const errors: CalendarInfoErrors = {};
  for (const field of CALENDAR_INFO_FIELDS) if (named[field]) errors[field] = named[field];
  return errors;
}

/** A new bank account for a calendar that is paid for needs the password; a draft's holds no money yet. */
export function needsBankAccountConfirmation(request: UpdateCalendarRequest, calendar: OwnerCalendar): boolean {
  const { iban, routingNumber, accountNumber, sortCode } = request;
  return (
    [iban, routingNumber, accountNumber, sortCode].some((field) => field !== undefined) && calendar.status !== 'draft'
  );
}

export type CalendarInfoValidation =
  | { success: true; request: UpdateCalendarRequest }
  | { success: false; errors: CalendarInfoErrors };

/** The server's schema checks the changed fields; `today` is injectable for tests. */
export function validateCalendarInfo(
  values: CalendarInfoValues,
  calendar: OwnerCalendar,
  t: Translate,
): CalendarInfoValidation {
  const changes = buildCalendarChanges(values, calendar);
  if (changes.dueDate === '') return { success: false, errors: { dueDate: t('calendars.info.dueDateMissing') } };
  if (changes.iban !== undefined && changes.iban.trim() === '') {
    return { success: false, errors: { iban: t('calendars.info.ibanMissing') } };
  }
  const bankAccount = readBankAccountChange(values, calendar.bankAccount);
  if (bankAccount.status === 'refused') {
    return { success: false, errors: { [bankAccount.field]: bankAccount.message } };
  }
  const result = UpdateCalendarSchema.safeParse(changes);
  if (result.success) return { success: true, request: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message;
  return { success: false, errors: mapCalendarInfoErrors(fields) };
}

/**
 * The Calendar Info form's schema (react-hook-form's resolver): the values as typed, checked like
 * `validateCalendarInfo` (each changed field by its rule in `UpdateCalendarSchema`), and turned into
 * the request of the changes. Depends on the saved calendar, since only what changed is checked.
 */
export function createCalendarInfoSchema(calendar: OwnerCalendar, t: Translate) {
  return z.custom<CalendarInfoValues>().transform((values, context): UpdateCalendarRequest => {
    const result = validateCalendarInfo(values, calendar, t);
    if (result.success) return result.request;
    for (const field of CALENDAR_INFO_FIELDS) {
      const message = result.errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
}
