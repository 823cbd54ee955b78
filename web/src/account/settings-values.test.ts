import type { CurrentUser } from '@firstday/common/account';
import { describe, expect, it } from 'vitest';
import { findSensitiveChange, validateSettings } from './settings-checks.ts';
import { getSettingsFormValues, mapApiFieldErrors, type SettingsFormValues } from './settings-values.ts';

const MASKED = 'DE89 •••• •••• •••• 3000';

const USER: CurrentUser = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  email_verified: true,
  has_password: true,
  IBAN: MASKED,
  settings: {
    savings_goal_amount: 125050,
    savings_goal_currency: 'usd',
    hide_sender_names_default: false,
    hide_total_default: true,
    gift_notifications: false,
    locale: null,
  },
};

function getValues(changes: Partial<SettingsFormValues> = {}): SettingsFormValues {
  return { ...getSettingsFormValues(USER), ...changes };
}

describe('getSettingsFormValues', () => {
  it('fills the form from the current user, goal in dollars, IBAN masked', () => {
    expect(getSettingsFormValues(USER)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      bankKind: 'iban',
      iban: MASKED,
      routingNumber: '',
      accountNumber: '',
      sortCode: '',
      savingsGoal: '1250.50',
      savingsGoalCurrency: 'usd',
      hideSenderNamesDefault: false,
      hideTotalDefault: true,
      giftNotifications: false,
      locale: 'en',
    });
  });
});

describe('validateSettings', () => {
  it('sends no iban while the masked value is untouched', () => {
    const result = validateSettings(getValues(), MASKED);
    expect(result).toEqual({
      success: true,
      request: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        savingsGoalAmount: 125050,
        savingsGoalCurrency: 'usd',
        hideSenderNamesDefault: false,
        hideTotalDefault: true,
        giftNotifications: false,
        locale: 'en',
      },
    });
  });

  it('sends an empty iban when the field is cleared', () => {
    const result = validateSettings(getValues({ iban: '  ' }), MASKED);
    expect(result.success && result.request.iban).toBe('');
  });

  it('sends no iban when there was none and the field stays empty', () => {
    const result = validateSettings(getValues({ iban: '' }), null);
    expect(result.success && result.request.iban).toBeUndefined();
  });

  it('normalises a new valid IBAN', () => {
    const result = validateSettings(getValues({ iban: 'de89 3704 0044 0532 0130 00' }), MASKED);
    expect(result.success && result.request.iban).toBe('DE89370400440532013000');
  });

  it('refuses an IBAN with a wrong checksum with the shared message', () => {
    const result = validateSettings(getValues({ iban: 'DE89370400440532013001' }), MASKED);
    expect(result).toEqual({
      success: false,
      errors: { iban: 'This IBAN is not valid: please check it for typos.' },
    });
  });

  it('words savings goal problems on the savings goal field', () => {
    expect(validateSettings(getValues({ savingsGoal: 'lots' }), MASKED)).toEqual({
      success: false,
      errors: { savingsGoal: 'Please enter an amount in dollars.' },
    });
    expect(validateSettings(getValues({ savingsGoal: '-1' }), MASKED)).toEqual({
      success: false,
      errors: { savingsGoal: 'A savings goal cannot be negative.' },
    });
    expect(validateSettings(getValues({ savingsGoal: '' }), MASKED)).toMatchObject({
      success: true,
      request: { savingsGoalAmount: null },
    });
  });

  it('reports every invalid field at once', () => {
    const result = validateSettings(getValues({ name: ' ', email: 'nope' }), MASKED);
    expect(result.success).toBe(false);
    expect(Object.keys(result.success ? {} : result.errors).sort()).toEqual(['email', 'name']);
  });
});

describe('mapApiFieldErrors', () => {
  it('maps API field names onto form fields and drops unknown ones', () => {
    expect(mapApiFieldErrors({ savingsGoalAmount: 'Too much.', iban: 'Bad.', other: 'x' })).toEqual({
      savingsGoal: 'Too much.',
      iban: 'Bad.',
    });
  });
});

describe('findSensitiveChange', () => {
  const validate = (changes: Partial<SettingsFormValues>) => {
    const result = validateSettings(getValues(changes), MASKED);
    if (!result.success) throw new Error('invalid');
    return findSensitiveChange(result.request, USER);
  };

  it('asks for confirmation of a new IBAN or a new e-mail address', () => {
    expect(validate({ iban: 'GB29 NWBK 6016 1331 9268 19' })).toEqual({ newBankAccount: 'GB29NWBK60161331926819' });
    expect(validate({ bankKind: 'us', routingNumber: '110000000', accountNumber: '000123456789' })).toEqual({
      newBankAccount: 'US:110000000:000123456789',
    });
    expect(validate({ email: 'Ada@Lovelace.example' })).toEqual({ newEmail: 'ada@lovelace.example' });
  });

  it('does not for the masked IBAN left in place, a removed IBAN, or other settings', () => {
    expect(validate({})).toBeUndefined();
    expect(validate({ iban: '' })).toBeUndefined();
    expect(validate({ name: 'Ada King', savingsGoal: '10' })).toBeUndefined();
  });
});

// Issue 24: the account's bank account by country, as on a calendar.
describe('a US or UK bank account in Settings', () => {
  const US_MASKED = 'US ••••6789 (routing 110000000)';
  const usUser: CurrentUser = { ...USER, IBAN: US_MASKED };
  const usValues = (changes: Partial<SettingsFormValues> = {}) => ({ ...getSettingsFormValues(usUser), ...changes });

  it('shows a saved US account in its fields, masked, and sends nothing while it is untouched', () => {
    expect(getSettingsFormValues(usUser)).toMatchObject({
      bankKind: 'us',
      routingNumber: '110000000',
      accountNumber: '••••6789',
      iban: '',
    });
    const result = validateSettings(usValues(), US_MASKED);
    expect(result.success && [result.request.iban, result.request.routingNumber]).toEqual([undefined, undefined]);
  });

  it('sends a new UK account as the schema reads it, and asks to confirm it', () => {
    const result = validateSettings(
      usValues({ bankKind: 'gb', sortCode: '10-88-00', accountNumber: '0001 2345' }),
      US_MASKED,
    );
    expect(result).toMatchObject({ success: true, request: { sortCode: '108800', accountNumber: '00012345' } });
    expect(result.success && findSensitiveChange(result.request, usUser)).toEqual({
      newBankAccount: 'GB:108800:00012345',
    });
  });

  it('removes the saved account when its fields are all emptied, without asking', () => {
    const result = validateSettings(usValues({ routingNumber: ' ', accountNumber: '' }), US_MASKED);
    expect(result).toMatchObject({ success: true, request: { iban: '' } });
    expect(result.success && findSensitiveChange(result.request, usUser)).toBeUndefined();
  });

  it('refuses the masked account number with a new routing number, and a country gifts cannot reach', () => {
    expect(validateSettings(usValues({ routingNumber: '021000021' }), US_MASKED)).toEqual({
      success: false,
      errors: { accountNumber: 'Please enter the whole account number: only its last four digits are shown.' },
    });
    expect(validateSettings(usValues({ bankKind: 'other' }), US_MASKED)).toMatchObject({
      success: false,
      errors: { bankKind: expect.stringContaining('cannot pay out') },
    });
    expect(validateSettings(usValues({ accountNumber: '12' }), US_MASKED)).toEqual({
      success: false,
      errors: { accountNumber: 'A US account number has 4 to 17 digits.' },
    });
  });

  it("puts the server's messages on the bank fields, a refused account as a whole on where the bank is", () => {
    expect(mapApiFieldErrors({ routingNumber: 'Bad.', bankAccount: 'Not this one.' })).toEqual({
      routingNumber: 'Bad.',
      bankKind: 'Not this one.',
    });
  });
});
