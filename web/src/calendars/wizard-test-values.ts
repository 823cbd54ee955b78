import type { WizardValues } from './wizard-state.ts';

/** A wizard filled in on every step, for the wizard's tests: override what a test is about. */
export const FILLED_WIZARD: WizardValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  ibanChoice: 'new',
  bankKind: 'iban',
  iban: 'DE89 3704 0044 0532 0130 00',
  routingNumber: '',
  accountNumber: '',
  sortCode: '',
  dueDate: '2030-01-15',
  background: 'pink',
  coverImageId: null,
  parentsNote: '',
  currency: 'eur',
};
