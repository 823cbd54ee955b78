import type { CurrentUser } from '@firstday/common/account';
import { describe, expect, it } from 'vitest';
import {
  findSensitiveChange,
  getSettingsFormValues,
  mapApiFieldErrors,
  type SettingsFormValues,
  validateSettings,
} from './settings-values.ts';

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
      iban: MASKED,
      savingsGoal: '1250.50',
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
    expect(validate({ iban: 'GB29 NWBK 6016 1331 9268 19' })).toEqual({ newIban: 'GB29NWBK60161331926819' });
    expect(validate({ email: 'Ada@Lovelace.example' })).toEqual({ newEmail: 'ada@lovelace.example' });
  });

  it('does not for the masked IBAN left in place, a removed IBAN, or other settings', () => {
    expect(validate({})).toBeUndefined();
    expect(validate({ iban: '' })).toBeUndefined();
    expect(validate({ name: 'Ada King', savingsGoal: '10' })).toBeUndefined();
  });
});
