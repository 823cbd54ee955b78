import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { createWizardStepSchema, validateStepOne, validateStepTwo } from './wizard-checks.ts';
import { FILLED_WIZARD } from './wizard-test-values.ts';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);

const values = FILLED_WIZARD;

describe('validateStepOne', () => {
  it('sends a typed IBAN normalised', () => {
    expect(validateStepOne(values, t)).toEqual({
      success: true,
      request: { firstName: 'Ada', lastName: 'Lovelace', currency: 'eur', iban: 'DE89370400440532013000' },
    });
  });

  it('leaves the IBAN out when the saved one is used', () => {
    expect(validateStepOne({ ...values, ibanChoice: 'saved', iban: '' }, t)).toEqual({
      success: true,
      request: { firstName: 'Ada', lastName: 'Lovelace', currency: 'eur' },
    });
  });

  it('asks for the missing fields at once', () => {
    const result = validateStepOne({ ...values, firstName: ' ', iban: '' }, t);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.firstName).toBe('Please enter your name.');
    expect(result.errors.iban).toMatch(/IBAN/);
  });

  it('refuses an IBAN with a typo', () => {
    const result = validateStepOne({ ...values, iban: 'DE89370400440532013001' }, t);
    expect(result.success).toBe(false);
  });

  it('sends a US or UK account as digits, and refuses a bank in another country before the fee', () => {
    const us = { ...values, bankKind: 'us', routingNumber: '110 000 000', accountNumber: '000123456789' } as const;
    expect(validateStepOne({ ...us, currency: 'usd' }, t)).toEqual({
      success: true,
      request: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        currency: 'usd',
        routingNumber: '110000000',
        accountNumber: '000123456789',
      },
    });
    expect(validateStepOne({ ...values, bankKind: 'gb', sortCode: '10-88-00', accountNumber: '1' }, t)).toEqual({
      success: false,
      errors: { accountNumber: 'A UK account number has 8 digits.' },
    });
    expect(validateStepOne({ ...values, bankKind: 'other' }, t)).toEqual({
      success: false,
      errors: { bankKind: expect.stringMatching(/cannot pay out to banks in this country/) },
    });
  });
});

describe('validateStepTwo', () => {
  it('accepts a date from today to ten months ahead', () => {
    expect(validateStepTwo({ ...values, dueDate: '2030-01-15' }, '2030-01-15')).toMatchObject({ success: true });
    expect(validateStepTwo({ ...values, dueDate: '2030-11-15' }, '2030-01-15')).toMatchObject({ success: true });
  });

  it('refuses an empty, past or too distant date', () => {
    expect(validateStepTwo({ ...values, dueDate: '' }, '2030-01-15')).toEqual({
      success: false,
      errors: { dueDate: 'Please choose the expected birth date.' },
    });
    expect(validateStepTwo({ ...values, dueDate: '2030-01-14' }, '2030-01-15')).toMatchObject({ success: false });
    expect(validateStepTwo({ ...values, dueDate: '2030-11-16' }, '2030-01-15')).toMatchObject({ success: false });
  });

  it('sends the photo and the trimmed note, an empty note as none, and refuses a note over 500 characters', () => {
    const photo = '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    expect(
      validateStepTwo({ ...values, coverImageId: photo, parentsNote: '  Hello, friends!  ' }, '2030-01-15'),
    ).toEqual({
      success: true,
      request: { dueDate: '2030-01-15', background: 'pink', coverImageId: photo, parentsNote: 'Hello, friends!' },
    });
    expect(validateStepTwo({ ...values, parentsNote: '   ' }, '2030-01-15')).toMatchObject({
      request: { coverImageId: null, parentsNote: null },
    });
    expect(validateStepTwo({ ...values, parentsNote: 'x'.repeat(501) }, '2030-01-15')).toEqual({
      success: false,
      errors: { parentsNote: 'A note can be at most 500 characters.' },
    });
  });
});

describe('createWizardStepSchema', () => {
  it('checks the fields of the step shown, each refusal on its field', () => {
    const missing = { ...values, firstName: ' ', iban: '', dueDate: '' };
    const stepOne = createWizardStepSchema(1, t).safeParse(missing);
    expect(stepOne.error?.issues.map((issue) => issue.path)).toEqual([['firstName'], ['iban']]);
    const stepTwo = createWizardStepSchema(2, t).safeParse(missing);
    expect(stepTwo.error?.issues).toMatchObject([
      { path: ['dueDate'], message: 'Please choose the expected birth date.' },
    ]);
    expect(createWizardStepSchema(3, t).safeParse(missing).success).toBe(true);
  });
});
