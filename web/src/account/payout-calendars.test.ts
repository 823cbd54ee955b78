import type { OwnerCalendar } from '@firstday/common/calendars';
import { describe, expect, it } from 'vitest';
import { getPayoutCalendars } from './payout-calendars.ts';

function makeCalendar(overrides: Partial<OwnerCalendar>): OwnerCalendar {
  return {
    id: 'c1',
    title: 'Baby',
    status: 'active',
    bankAccount: 'DE89 •••• •••• •••• 3000',
    closing: null,
    ...overrides,
  } as OwnerCalendar;
}

describe('getPayoutCalendars', () => {
  it('lists open calendars with their own IBAN, drafts included', () => {
    const list = [
      makeCalendar({ id: 'a', title: 'Active' }),
      makeCalendar({ id: 'd', title: 'Draft', status: 'draft', bankAccount: 'NL91 •••• •••• 4300' }),
    ];
    expect(getPayoutCalendars(list)).toEqual([
      { id: 'a', title: 'Active', status: 'active', iban: 'DE89 •••• •••• •••• 3000' },
      { id: 'd', title: 'Draft', status: 'draft', iban: 'NL91 •••• •••• 4300' },
    ]);
  });

  it('leaves out calendars without an IBAN and ended ones whose money is settled', () => {
    const closing = (status: 'paid' | 'pending') =>
      ({ payout: { amount: 100, currency: 'usd', status } }) as unknown as OwnerCalendar['closing'];
    const list = [
      makeCalendar({ id: 'none', status: 'draft', bankAccount: null }),
      makeCalendar({ id: 'paid', status: 'paid_out', closing: closing('paid') }),
      makeCalendar({ id: 'refunded', status: 'announced', closing: null }),
      makeCalendar({ id: 'paying', status: 'announced', closing: closing('pending') }),
    ];
    expect(getPayoutCalendars(list).map((calendar) => calendar.id)).toEqual(['paying']);
  });
});
