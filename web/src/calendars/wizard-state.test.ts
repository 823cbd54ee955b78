import type { OwnerCalendar } from '@firstday/common/calendars';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import {
  followBankCurrency,
  getDraftProblem,
  getDraftValues,
  getInitialValues,
  getResumeStep,
  getStepFromUrl,
  getStepSearch,
  hasUnsavedChanges,
  isCurrencyPicked,
  type WizardValues,
} from './wizard-state.ts';
import { FILLED_WIZARD } from './wizard-test-values.ts';

const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';

function makeCalendar(overrides: Partial<OwnerCalendar> = {}): OwnerCalendar {
  return {
    id: '0b6f3c1e-8d2a-4f5e-9c7b-1a2b3c4d5e6f',
    slug: 'abcdefghijkl',
    currency: 'usd',
    shareUrl: null,
    status: 'draft',
    title: 'My calendar',
    firstName: 'Ada',
    lastName: 'Lovelace',
    dueDate: '2030-01-15',
    background: 'blue',
    bankAccount: 'DE89 •••• •••• •••• 3000',
    hideSenderNames: false,
    hideTotal: true,
    guessTime: false,
    guessWeight: false,
    wizardStep: 3,
    participants: 0,
    raisedAmount: 0,
    createdAt: '2029-12-01T10:00:00Z',
    activatedAt: null,
    closing: null,
    coverImageId: null,
    parentsNote: null,
    giftsIfNotAnnounced: 'pay_out',
    endsOn: null,
    ...overrides,
  };
}

const values = FILLED_WIZARD;

describe('getResumeStep', () => {
  it('resumes on the step the server saved', () => {
    expect(getResumeStep(makeCalendar({ wizardStep: 2 }))).toBe(2);
    expect(getResumeStep(makeCalendar({ wizardStep: 3 }))).toBe(3);
    expect(getResumeStep(makeCalendar({ wizardStep: 4 }))).toBe(4);
  });

  it('never resumes past missing data or on the welcome step', () => {
    expect(getResumeStep(makeCalendar({ wizardStep: 4, dueDate: null }))).toBe(2);
    expect(getResumeStep(makeCalendar({ wizardStep: 5 }))).toBe(4);
    expect(getResumeStep(makeCalendar({ wizardStep: 0 }))).toBe(1);
  });
});

describe('the step in the URL', () => {
  it('shows the step asked for, never past the furthest step saved', () => {
    expect(getStepFromUrl('2', 1, 3)).toBe(2);
    expect(getStepFromUrl('4', 1, 3)).toBe(3);
    expect(getStepFromUrl('0', 1, 3)).toBe(1);
    expect(getStepFromUrl('two', 2, 3)).toBe(2);
  });

  it('shows the step the wizard opened on when the URL names none', () => {
    expect(getStepFromUrl(null, 3, 3)).toBe(3);
    expect(getStepFromUrl(null, 1, 1)).toBe(1);
  });

  it('keeps the draft beside the step', () => {
    expect(getStepSearch(2, 'abc')).toBe('?draft=abc&step=2');
    expect(getStepSearch(1, null)).toBe('?step=1');
  });
});

describe('getDraftProblem', () => {
  it('accepts a draft', () => {
    expect(getDraftProblem(makeCalendar(), null)).toBeNull();
  });

  it('refuses unknown, someone else’s and paid calendars', () => {
    const notFound = new ApiError({ status: 404, code: 'not_found', message: 'x' });
    expect(getDraftProblem(undefined, notFound)).toBe('not_found');
    expect(getDraftProblem(makeCalendar({ status: 'active' }), null)).toBe('already_active');
    expect(getDraftProblem(undefined, new ApiError({ status: 0, code: 'network_error', message: 'x' }))).toBe(
      'load_failed',
    );
  });
});

describe('initial values', () => {
  it('offers the account IBAN when there is one', () => {
    const user = { first_name: 'Ada', last_name: 'L', IBAN: 'DE89 •••• •••• •••• 3000' };
    expect(getInitialValues(user)).toMatchObject({ firstName: 'Ada', ibanChoice: 'saved', background: 'pink' });
    expect(getInitialValues({ ...user, IBAN: null }).ibanChoice).toBe('new');
  });

  it('reads a draft back into the forms', () => {
    expect(getDraftValues(makeCalendar())).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      ibanChoice: 'saved',
      bankKind: 'us',
      iban: '',
      routingNumber: '',
      accountNumber: '',
      sortCode: '',
      dueDate: '2030-01-15',
      background: 'blue',
      coverImageId: null,
      parentsNote: '',
      currency: 'usd',
    });
  });
});

describe('the currency', () => {
  it('starts from the account IBAN’s country', () => {
    const user = { first_name: 'Ada', last_name: 'Lovelace' };
    expect(getInitialValues({ ...user, IBAN: 'GB82 •••• •••• •••• 5432' }).currency).toBe('gbp');
    expect(getInitialValues({ ...user, IBAN: null }).currency).toBe('usd');
    // Without one, an English page starts with a US account, a German one with an IBAN in euros.
    expect(getInitialValues({ ...user, IBAN: null }, 'de')).toMatchObject({ bankKind: 'iban', currency: 'eur' });
  });

  it('follows the IBAN as it is typed or chosen', () => {
    expect(followBankCurrency({ ...values, iban: 'FR14 2004 1010 0505 0001 3M02 606' }, null, false).currency).toBe(
      'eur',
    );
    expect(followBankCurrency({ ...values, currency: 'eur', iban: 'GB82 WEST' }, null, false).currency).toBe('gbp');
    expect(followBankCurrency({ ...values, ibanChoice: 'saved' }, 'US12 •••• 3000', false).currency).toBe('usd');
    // A US account takes dollars, a UK sort code pounds, even when another was picked.
    expect(followBankCurrency({ ...values, bankKind: 'us' }, null, true).currency).toBe('usd');
    expect(followBankCurrency({ ...values, bankKind: 'gb', currency: 'usd' }, null, true).currency).toBe('gbp');
    // No country yet: the currency stays as it was.
    expect(followBankCurrency({ ...values, currency: 'gbp', iban: 'D' }, null, false).currency).toBe('gbp');
  });

  it('counts a draft’s currency as picked when it is not its IBAN’s', () => {
    expect(isCurrencyPicked(makeCalendar({ currency: 'eur' }))).toBe(false);
    expect(isCurrencyPicked(makeCalendar({ currency: 'gbp' }))).toBe(true);
  });
});

describe('hasUnsavedChanges', () => {
  const saved = getInitialValues({ first_name: 'Ada', last_name: 'Lovelace', IBAN: 'DE89 •••• •••• •••• 3000' });

  it('is false for what the server has, and for a new IBAN chosen but not typed yet', () => {
    expect(hasUnsavedChanges(saved, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, ibanChoice: 'new' }, saved)).toBe(false);
  });

  it('is true for a changed name, a typed IBAN, a due date or a background', () => {
    expect(hasUnsavedChanges({ ...saved, firstName: 'Grace' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, ibanChoice: 'new', iban: VALID_IBAN }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, dueDate: '2030-01-15' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, background: 'sun' }, saved)).toBe(true);
  });

  it('is false again once the typed values are saved', () => {
    const typed: WizardValues = { ...saved, ibanChoice: 'new', iban: VALID_IBAN, firstName: 'Grace' };
    expect(hasUnsavedChanges(typed, typed)).toBe(false);
  });
});
