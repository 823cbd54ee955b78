import { z } from 'zod';
import { isRoutingNumber, toBankAccountText, toDigits } from './bank-account.ts';
import { IbanSchema } from './iban-schema.ts';

// The bank account fields of the calendar forms (bank-account.ts says which country writes which).
// Flat, as the form shows them: `iban`, or `routingNumber` + `accountNumber` (US), or `sortCode` +
// `accountNumber` (UK); `readBankAccountText` turns whichever was sent into the one text we keep.

const digits = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max + 8, `${label} has too many characters.`)
    .transform(toDigits)
    .refine((value) => /^\d*$/.test(value), `${label} has only digits.`);

export const BANK_ACCOUNT_FIELDS = {
  iban: IbanSchema,
  routingNumber: digits('A routing number', 9),
  accountNumber: digits('An account number', 17),
  sortCode: digits('A sort code', 6),
};

type BankAccountFields = {
  iban?: string;
  routingNumber?: string;
  accountNumber?: string;
  sortCode?: string;
};

/** The object-level rules: one kind of account, complete, each number of its country's shape. */
export function refineBankAccountFields(fields: BankAccountFields, ctx: z.RefinementCtx): void {
  const { iban, routingNumber, accountNumber, sortCode } = fields;
  const issue = (path: keyof BankAccountFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (iban !== undefined && (routingNumber !== undefined || sortCode !== undefined || accountNumber !== undefined)) {
    issue('iban', 'Please enter either an IBAN or an account number, not both.');
    return;
  }
  if (routingNumber !== undefined && sortCode !== undefined) {
    issue('sortCode', 'A US account has a routing number, a UK account a sort code: please enter one of them.');
    return;
  }
  if (routingNumber !== undefined) {
    if (routingNumber === '') issue('routingNumber', 'Please enter the routing number.');
    else if (routingNumber.length !== 9) issue('routingNumber', 'A routing number has 9 digits.');
    else if (!isRoutingNumber(routingNumber)) {
      issue('routingNumber', 'This routing number is not valid: please check it for typos.');
    }
    if (!accountNumber) issue('accountNumber', 'Please enter the account number.');
    else if (accountNumber.length < 4) issue('accountNumber', 'A US account number has 4 to 17 digits.');
    return;
  }
  if (sortCode !== undefined) {
    if (sortCode === '') issue('sortCode', 'Please enter the sort code.');
    else if (sortCode.length !== 6) issue('sortCode', 'A sort code has 6 digits, e.g. 10-88-00.');
    if (!accountNumber) issue('accountNumber', 'Please enter the account number.');
    else if (accountNumber.length !== 8) issue('accountNumber', 'A UK account number has 8 digits.');
    return;
  }
  if (accountNumber !== undefined) {
    issue('accountNumber', 'Please enter the routing number (US) or the sort code (UK) with the account number.');
  }
}

/** The bank account the checked fields describe as the one text we keep (bank-account.ts), or undefined. */
export function readBankAccountText(fields: BankAccountFields): string | undefined {
  const { iban, routingNumber, accountNumber, sortCode } = fields;
  if (iban) return toBankAccountText({ kind: 'iban', country: iban.slice(0, 2), iban });
  if (routingNumber && accountNumber) {
    return toBankAccountText({ kind: 'us', country: 'US', routingNumber, accountNumber });
  }
  if (sortCode && accountNumber) return toBankAccountText({ kind: 'gb', country: 'GB', sortCode, accountNumber });
  return undefined;
}

/** The checked request with its bank account fields read into `bankAccount` (the text we keep). */
export function takeBankAccount<Input extends BankAccountFields>(
  input: Input,
): Omit<Input, keyof BankAccountFields> & { bankAccount?: string } {
  const { iban, routingNumber, accountNumber, sortCode, ...rest } = input;
  return { ...rest, bankAccount: readBankAccountText({ iban, routingNumber, accountNumber, sortCode }) };
}
