import type { OwnerCalendar } from '@firstday/common/calendars';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import {
  buildCalendarChanges,
  type CalendarInfoValues,
  createCalendarInfoSchema,
  getCalendarInfoValues,
  mapCalendarInfoErrors,
  needsBankAccountConfirmation,
  validateCalendarInfo as validateCalendarInfoIn,
} from './calendar-info-values.ts';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);
const validateCalendarInfo = (values: CalendarInfoValues, owner: OwnerCalendar) =>
  validateCalendarInfoIn(values, owner, t);

const calendar: OwnerCalendar = {
  id: '0b6f3c1e-8d2a-4f5e-9c7b-1a2b3c4d5e6f',
  slug: 'abcdefghijkl',
  currency: 'usd',
  shareUrl: '/c/abcdefghijkl',
  status: 'active',
  title: 'Baby Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dueDate: '2020-01-15',
  background: 'pink',
  bankAccount: 'DE89 •••• •••• •••• 3000',
  hideSenderNames: false,
  hideTotal: true,
  guessTime: false,
  guessWeight: false,
  wizardStep: 5,
  participants: 0,
  raisedAmount: 0,
  createdAt: '2019-12-01T10:00:00Z',
  activatedAt: '2019-12-01T10:05:00Z',
  closing: null,
  coverImageId: null,
  parentsNote: null,
  giftsIfNotAnnounced: 'pay_out',
  endsOn: null,
};

describe('buildCalendarChanges', () => {
  it('sends nothing when nothing changed, even a due date that has passed', () => {
    expect(buildCalendarChanges(getCalendarInfoValues(calendar), calendar)).toEqual({});
    expect(validateCalendarInfo(getCalendarInfoValues(calendar), calendar)).toEqual({ success: true, request: {} });
  });

  it('sends the changed fields only, and the IBAN only when one was typed', () => {
    const values = { ...getCalendarInfoValues(calendar), title: 'Our little star', background: 'sun' as const };
    expect(buildCalendarChanges(values, calendar)).toEqual({ title: 'Our little star', background: 'sun' });
    expect(buildCalendarChanges({ ...values, iban: 'DE89 3704 0044 0532 0130 00' }, calendar)).toMatchObject({
      iban: 'DE89 3704 0044 0532 0130 00',
    });
  });
});

describe('validateCalendarInfo', () => {
  it('refuses an empty name and a cleared IBAN with field messages', () => {
    const values = { ...getCalendarInfoValues(calendar), title: ' ' };
    expect(validateCalendarInfo(values, calendar)).toEqual({
      success: false,
      errors: { title: 'Please give your calendar a name.' },
    });
    expect(validateCalendarInfo({ ...getCalendarInfoValues(calendar), iban: '' }, calendar)).toMatchObject({
      success: false,
      errors: { iban: expect.any(String) },
    });
  });

  it('normalises a typed IBAN', () => {
    const values = { ...getCalendarInfoValues(calendar), iban: 'de89 3704 0044 0532 0130 00' };
    expect(validateCalendarInfo(values, calendar)).toEqual({
      success: true,
      request: { iban: 'DE89370400440532013000' },
    });
  });
});

describe('needsBankAccountConfirmation', () => {
  it('asks for the password for a new bank account of a paid calendar only', () => {
    const iban = { iban: 'DE89370400440532013000' };
    expect(needsBankAccountConfirmation(iban, calendar)).toBe(true);
    expect(needsBankAccountConfirmation({ routingNumber: '110000000', accountNumber: '1234' }, calendar)).toBe(true);
    expect(needsBankAccountConfirmation({ sortCode: '108800', accountNumber: '00012345' }, calendar)).toBe(true);
    expect(needsBankAccountConfirmation(iban, { ...calendar, status: 'draft' })).toBe(false);
    expect(needsBankAccountConfirmation({ title: 'Baby' }, calendar)).toBe(false);
  });
});

// Issue 24: a US or UK calendar shows its account as its bank writes it, and takes another.
describe('a US or UK bank account', () => {
  const usCalendar: OwnerCalendar = { ...calendar, bankAccount: 'US ••••6789 (routing 110000000)' };
  const ukCalendar: OwnerCalendar = { ...calendar, currency: 'gbp', bankAccount: 'GB 10-88-00 ••••2345' };

  it('shows the saved account masked in its own fields, and an IBAN calendar in the IBAN field', () => {
    expect(getCalendarInfoValues(usCalendar)).toMatchObject({
      bankKind: 'us',
      routingNumber: '110000000',
      accountNumber: '••••6789',
      iban: '',
      sortCode: '',
    });
    expect(getCalendarInfoValues(ukCalendar)).toMatchObject({
      bankKind: 'gb',
      sortCode: '10-88-00',
      accountNumber: '••••2345',
    });
    expect(getCalendarInfoValues(calendar)).toMatchObject({ bankKind: 'iban', iban: 'DE89 •••• •••• •••• 3000' });
    expect(validateCalendarInfo(getCalendarInfoValues(usCalendar), usCalendar)).toEqual({ success: true, request: {} });
  });

  it('sends a new US account, a new UK account or an IBAN as typed, checked by the shared schema', () => {
    const values = getCalendarInfoValues(usCalendar);
    expect(validateCalendarInfo({ ...values, accountNumber: '0009 8765 4321' }, usCalendar)).toEqual({
      success: true,
      request: { routingNumber: '110000000', accountNumber: '000987654321' },
    });
    expect(
      validateCalendarInfo({ ...values, bankKind: 'gb', sortCode: '20-00-00', accountNumber: '55779911' }, usCalendar),
    ).toEqual({ success: true, request: { sortCode: '200000', accountNumber: '55779911' } });
    expect(
      validateCalendarInfo({ ...values, bankKind: 'iban', iban: 'gb29 nwbk 6016 1331 9268 19' }, usCalendar),
    ).toEqual({ success: true, request: { iban: 'GB29NWBK60161331926819' } });
    const uk = getCalendarInfoValues(ukCalendar);
    expect(validateCalendarInfo({ ...uk, accountNumber: '12345678' }, ukCalendar)).toEqual({
      success: true,
      request: { sortCode: '108800', accountNumber: '12345678' },
    });
  });

  it('refuses the masked account number with a new routing number, a typo, and a country gifts cannot reach', () => {
    const values = getCalendarInfoValues(usCalendar);
    expect(validateCalendarInfo({ ...values, routingNumber: '021000021' }, usCalendar)).toEqual({
      success: false,
      errors: { accountNumber: 'Please enter the whole account number: only its last four digits are shown.' },
    });
    expect(
      validateCalendarInfo({ ...values, routingNumber: '110000001', accountNumber: '123456789' }, usCalendar),
    ).toEqual({
      success: false,
      errors: { routingNumber: 'This routing number is not valid: please check it for typos.' },
    });
    expect(validateCalendarInfo({ ...values, bankKind: 'other' }, usCalendar)).toMatchObject({
      success: false,
      errors: { bankKind: expect.stringContaining('Firstday cannot pay out to banks in this country yet') },
    });
    // Another kind of bank chosen and nothing typed: its fields are asked for.
    expect(validateCalendarInfo({ ...values, bankKind: 'gb', accountNumber: '' }, usCalendar)).toEqual({
      success: false,
      errors: { sortCode: 'Please enter the sort code.', accountNumber: 'Please enter the account number.' },
    });
  });

  it("puts the server's refusal of the whole account on where the bank is", () => {
    expect(mapCalendarInfoErrors({ bankAccount: 'A US bank account receives US dollars only.' })).toEqual({
      bankKind: 'A US bank account receives US dollars only.',
    });
  });
});

describe('createCalendarInfoSchema', () => {
  it('turns the values into the request of the changes, and puts a refusal on its field', () => {
    const schema = createCalendarInfoSchema(calendar, t);
    const values = { ...getCalendarInfoValues(calendar), title: 'Our little star' };
    expect(schema.parse(values)).toEqual({ title: 'Our little star' });
    const refused = schema.safeParse({ ...values, title: ' ' });
    expect(refused.error?.issues).toMatchObject([{ path: ['title'], message: 'Please give your calendar a name.' }]);
  });
});
