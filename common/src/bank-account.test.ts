import { describe, expect, it } from 'vitest';
import {
  getBankAccountCurrencies,
  isRoutingNumber,
  maskBankAccount,
  parseBankAccountText,
  readMaskedBankAccount,
  toBankAccountText,
} from './bank-account.ts';
import { CreateCalendarSchema } from './calendar-forms.ts';

describe('bank accounts by country', () => {
  it('checks a US routing number by its check digit', () => {
    expect(isRoutingNumber('110000000')).toBe(true);
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('021000022')).toBe(false);
    expect(isRoutingNumber('11000000')).toBe(false);
  });

  it('keeps one text per account, an IBAN as itself, and reads it back', () => {
    const us = { kind: 'us', country: 'US', routingNumber: '110000000', accountNumber: '000123456789' } as const;
    expect(toBankAccountText(us)).toBe('US:110000000:000123456789');
    expect(parseBankAccountText('US:110000000:000123456789')).toEqual(us);
    expect(parseBankAccountText('GB:108800:00012345')).toMatchObject({ kind: 'gb', sortCode: '108800' });
    expect(parseBankAccountText('DE89370400440532013000')).toMatchObject({ kind: 'iban', country: 'DE' });
  });

  it('reads a masked account back into the parts a form shows, still masked', () => {
    expect(readMaskedBankAccount(maskBankAccount('US:110000000:000123456789'))).toEqual({
      kind: 'us',
      routingNumber: '110000000',
      accountNumber: '••••6789',
    });
    expect(readMaskedBankAccount(maskBankAccount('GB:108800:00012345'))).toEqual({
      kind: 'gb',
      sortCode: '10-88-00',
      accountNumber: '••••2345',
    });
    // A UK IBAN is an IBAN, not a sort code.
    expect(readMaskedBankAccount(maskBankAccount('GB29NWBK60161331926819'))).toEqual({
      kind: 'iban',
      iban: 'GB29 •••• •••• •••• 6819',
    });
  });

  it('masks all but what a parent recognises', () => {
    expect(maskBankAccount('US:110000000:000123456789')).toBe('US ••••6789 (routing 110000000)');
    expect(maskBankAccount('GB:108800:00012345')).toBe('GB 10-88-00 ••••2345');
    expect(maskBankAccount('DE89370400440532013000')).toBe('DE89 •••• •••• •••• 3000');
  });

  it('names the currencies a bank takes, its own first', () => {
    expect(getBankAccountCurrencies('US:110000000:000123456789')).toEqual(['usd']);
    expect(getBankAccountCurrencies('GB:108800:00012345')).toEqual(['gbp']);
    expect(getBankAccountCurrencies('DE89370400440532013000')).toEqual(['eur', 'usd', 'gbp']);
  });

  it('reads the form’s fields: digits only, one kind of account, each complete', () => {
    const parse = (fields: Record<string, string>) =>
      CreateCalendarSchema.safeParse({ firstName: 'A', lastName: 'B', ...fields });
    expect(parse({ sortCode: '10 88 00', accountNumber: '0001-2345' }).data).toMatchObject({
      sortCode: '108800',
      accountNumber: '00012345',
    });
    expect(parse({ sortCode: '1088', accountNumber: '00012345' }).error?.issues[0]).toMatchObject({
      path: ['sortCode'],
      message: 'A sort code has 6 digits, e.g. 10-88-00.',
    });
    expect(parse({ accountNumber: '00012345' }).error?.issues[0]?.path).toEqual(['accountNumber']);
    expect(parse({ routingNumber: '11000000x', accountNumber: '1234' }).error?.issues[0]).toMatchObject({
      path: ['routingNumber'],
      message: 'A routing number has only digits.',
    });
    expect(parse({ iban: 'TR330006100519786457841326' }).error?.issues[0]?.message).toMatch(/cannot pay out/);
  });
});
