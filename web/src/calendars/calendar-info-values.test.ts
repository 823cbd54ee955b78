import type { OwnerCalendar } from '@firstday/common/calendars';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import {
  buildCalendarChanges,
  type CalendarInfoValues,
  createCalendarInfoSchema,
  getCalendarInfoValues,
  needsIbanConfirmation,
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

describe('needsIbanConfirmation', () => {
  it('asks for the password for a new IBAN of a paid calendar only', () => {
    const iban = { iban: 'DE89370400440532013000' };
    expect(needsIbanConfirmation(iban, calendar)).toBe(true);
    expect(needsIbanConfirmation(iban, { ...calendar, status: 'draft' })).toBe(false);
    expect(needsIbanConfirmation({ title: 'Baby' }, calendar)).toBe(false);
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
