import {
  MASKED_ACCOUNT_NUMBER_MESSAGE,
  readMaskedBankAccount,
  UNSUPPORTED_BANK_COUNTRY_MESSAGE,
} from '@firstday/common/bank-account';

// A payout bank account as a form holds it (the wizard's step 1, Calendar Info, Account Settings):
// where the bank is, and the fields its country writes an account with (bank-account.ts).

/** Where the bank is; 'other' is a country gifts cannot be paid out to. */
export type BankKind = 'iban' | 'us' | 'gb' | 'other';

export type BankAccountValues = {
  bankKind: BankKind;
  iban: string;
  routingNumber: string;
  accountNumber: string;
  sortCode: string;
};

export type BankAccountField = keyof BankAccountValues;

/** The bank account fields of a request (bank-account-schema.ts), as typed. */
export type BankAccountRequest = { iban?: string; routingNumber?: string; accountNumber?: string; sortCode?: string };

/** The fields each kind of bank shows, in their order. */
export const BANK_KIND_FIELDS: Readonly<Record<BankKind, readonly (keyof BankAccountRequest)[]>> = {
  iban: ['iban'],
  us: ['routingNumber', 'accountNumber'],
  gb: ['sortCode', 'accountNumber'],
  other: [],
};

/** The fields in the order a form shows them: a refused save focuses the first. */
export const BANK_ACCOUNT_FIELDS: readonly BankAccountField[] = [
  'bankKind',
  'iban',
  'routingNumber',
  'sortCode',
  'accountNumber',
];

/**
 * The fields showing the saved account, masked (readMaskedBankAccount): a masked IBAN in the IBAN
 * field, a US routing number or a UK sort code with '••••6789' as the account number. Without
 * one, empty fields of `kindWhenNone`.
 */
export function getSavedBankAccountValues(masked: string | null, kindWhenNone: BankKind = 'iban'): BankAccountValues {
  const empty = { iban: '', routingNumber: '', accountNumber: '', sortCode: '' };
  if (!masked) return { bankKind: kindWhenNone, ...empty };
  const { kind, ...parts } = readMaskedBankAccount(masked);
  return { ...empty, bankKind: kind, ...parts };
}

export type BankAccountChange =
  | { status: 'unchanged' }
  /** A new account, its fields as typed, for the request's schema to check. */
  | { status: 'new'; request: BankAccountRequest }
  | { status: 'refused'; field: BankAccountField; message: string };

/**
 * What the bank fields change of the saved (masked) account: nothing while they show it, else the
 * fields of the bank chosen. The masked account number is not a number, so a new routing number or
 * sort code needs the whole account number with it; a country gifts cannot reach is refused here.
 */
export function readBankAccountChange(values: BankAccountValues, masked: string | null): BankAccountChange {
  const saved = getSavedBankAccountValues(masked, values.bankKind);
  const fields = BANK_KIND_FIELDS[values.bankKind];
  const typed = (field: keyof BankAccountRequest) => values[field].trim();
  if (values.bankKind === saved.bankKind && fields.every((field) => typed(field) === saved[field])) {
    return { status: 'unchanged' };
  }
  if (values.bankKind === 'other') {
    return { status: 'refused', field: 'bankKind', message: UNSUPPORTED_BANK_COUNTRY_MESSAGE };
  }
  if (!masked && fields.every((field) => typed(field) === '')) return { status: 'unchanged' };
  if (fields.includes('accountNumber') && typed('accountNumber').includes('•')) {
    return { status: 'refused', field: 'accountNumber', message: MASKED_ACCOUNT_NUMBER_MESSAGE };
  }
  return { status: 'new', request: Object.fromEntries(fields.map((field) => [field, values[field]])) };
}

/** Whether every field of a new account was left empty (the saved one cleared). */
export function isBankAccountCleared(request: BankAccountRequest): boolean {
  return Object.values(request).every((value) => value === undefined || value.trim() === '');
}

/** A masked value is not text to edit: typing replaces it at once. For a field's `onFocus`. */
export function selectMaskedValue(event: { currentTarget: HTMLInputElement }): void {
  if (event.currentTarget.value.includes('•')) event.currentTarget.select();
}

/**
 * For the same field's `onMouseUp`: the click that focused it would put the caret in the masked
 * value and undo the selection on release, so the release keeps it.
 */
export function keepMaskedSelection(event: { currentTarget: HTMLInputElement; preventDefault(): void }): void {
  const input = event.currentTarget;
  if (input.value.includes('•') && input.selectionStart === 0 && input.selectionEnd === input.value.length) {
    event.preventDefault();
  }
}

/** A refusal's field messages as a form names them: a whole `bankAccount` refused goes on where the bank is. */
export function nameBankAccountErrors(fields: Readonly<Record<string, string>>): Record<string, string> {
  return fields.bankAccount ? { bankKind: fields.bankAccount, ...fields } : { ...fields };
}
