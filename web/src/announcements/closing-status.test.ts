import type { CalendarClosing } from '@firstday/common/announcements';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import {
  checkBirthDate as checkBirthDateIn,
  describeEmails as describeEmailsIn,
  describeNextSteps as describeNextStepsIn,
  describePayout as describePayoutIn,
  getBirthDateLimits,
  getClosingLabel as getClosingLabelIn,
  isClosingInProgress,
  toLocalIsoDate,
} from './closing-status.ts';

// The functions in English, as the tests read them.
const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);
const checkBirthDate = (value: string, limits: { min: string; max: string }) => checkBirthDateIn(value, limits, t);
const describePayout = (closing: CalendarClosing, timeZone?: string) =>
  describePayoutIn(closing, { t, locale: 'en', timeZone });
const describeEmails = (closing: CalendarClosing) => describeEmailsIn(closing, t);
const getClosingLabel = (closing: CalendarClosing) => getClosingLabelIn(closing, t);
const describeNextSteps = (closing: CalendarClosing, timeZone?: string) =>
  describeNextStepsIn(closing, { t, locale: 'en', timeZone });

const NO_EMAILS = { total: 0, sent: 0, failed: [] };

function makeClosing(overrides: Partial<CalendarClosing> = {}): CalendarClosing {
  return {
    kind: 'announcement',
    birthDate: '2026-03-02',
    thankYouMessage: 'Thank you!',
    gifts: 'pay_out',
    welcomeGifts: null,
    babyName: null,
    babyImageId: null,
    birthTimeMinutes: null,
    birthWeightGrams: null,
    closedAt: '2026-03-03T10:00:00Z',
    payout: { amount: 7500, currency: 'usd', status: 'pending' },
    refunds: null,
    emails: { total: 2, sent: 1, failed: [] },
    ...overrides,
  };
}

describe('getBirthDateLimits', () => {
  it('runs from the creation day to today', () => {
    const now = new Date(2026, 2, 10, 12);
    const created = new Date(2026, 1, 1, 9).toISOString();
    expect(getBirthDateLimits(created, now)).toEqual({ min: '2026-02-01', max: '2026-03-10' });
  });

  it('never gives an empty range when the creation looks later than today', () => {
    const now = new Date(2026, 2, 10, 12);
    const created = new Date(2026, 2, 11, 9).toISOString();
    expect(getBirthDateLimits(created, now)).toEqual({ min: '2026-03-10', max: '2026-03-10' });
  });

  it('uses the local day, not the UTC day', () => {
    expect(toLocalIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('checkBirthDate', () => {
  const limits = { min: '2026-02-01', max: '2026-03-10' };
  it('accepts the limits themselves', () => {
    expect(checkBirthDate('2026-02-01', limits)).toBeUndefined();
    expect(checkBirthDate('2026-03-10', limits)).toBeUndefined();
  });
  it('refuses an empty, a future and a too early date', () => {
    expect(checkBirthDate('', limits)).toBe('Please enter the birth date.');
    expect(checkBirthDate('2026-03-11', limits)).toBe('The birth date cannot be in the future.');
    expect(checkBirthDate('2026-01-31', limits)).toBe('The birth date cannot be before the calendar was created.');
  });
});

describe('describePayout', () => {
  it('words pending, paid and failed payouts', () => {
    expect(describePayout(makeClosing())).toBe('Payout of $75 pending.');
    expect(
      describePayout(
        makeClosing({ payout: { amount: 7500, currency: 'usd', status: 'pending', awaitingVerification: true } }),
      ),
    ).toBe(
      'Payout of $75 pending: our payment partner is still verifying your details. If this takes more than a few days, please write to support.',
    );
    expect(describePayout(makeClosing({ payout: { amount: 7550, currency: 'usd', status: 'paid' } }))).toBe(
      '$75.50 paid out to your bank account.',
    );
    expect(
      describePayout(
        makeClosing({ payout: { amount: 7500, currency: 'usd', status: 'failed', failureReason: 'IBAN closed' } }),
      ),
    ).toBe('The payout of $75 failed: IBAN closed');
    expect(describePayout(makeClosing({ payout: { amount: 7500, currency: 'usd', status: 'failed' } }))).toBe(
      'The payout of $75 failed.',
    );
  });

  it('words a payout on hold after an IBAN change, and does not poll while it waits', () => {
    const held = makeClosing({
      payout: { amount: 7500, currency: 'usd', status: 'pending', heldUntil: '2026-11-24T12:02:00.000Z' },
      emails: { total: 1, sent: 1, failed: [] },
    });
    expect(describePayout(held, 'UTC')).toBe(
      'Payout of $75 on hold until November 24, 2026 at 12:02 PM because the bank account was changed.',
    );
    expect(isClosingInProgress(held)).toBe(false);
    expect(isClosingInProgress({ ...held, payout: { amount: 7500, currency: 'usd', status: 'pending' } })).toBe(true);
  });

  it('words refunds and calendars without gifts', () => {
    const refunds = (count: number, amount: number, pending: number) =>
      makeClosing({
        kind: 'close',
        payout: null,
        refunds: { count, amount, currency: 'usd', pending },
        emails: NO_EMAILS,
      });
    expect(describePayout(refunds(3, 7500, 0))).toBe('$75 refunded to 3 givers.');
    expect(describePayout(refunds(0, 0, 2))).toBe('Refunding 2 gifts…');
    expect(describePayout(refunds(1, 2500, 1))).toBe('$25 refunded to 1 giver. Refunding 1 gift…');
    expect(isClosingInProgress(refunds(1, 2500, 1))).toBe(true);
    expect(isClosingInProgress(refunds(3, 7500, 0))).toBe(false);
    expect(describePayout(makeClosing({ payout: null }))).toBe('No gifts to pay out.');
  });
});

describe('describeEmails and getClosingLabel', () => {
  it('counts the e-mails sent', () => {
    expect(describeEmails(makeClosing())).toBe('1 of 2 e-mails sent.');
    expect(describeEmails(makeClosing({ emails: { total: 1, sent: 1, failed: [] } }))).toBe('1 of 1 e-mail sent.');
    expect(describeEmails(makeClosing({ kind: 'close', emails: { total: 0, sent: 0, failed: [] } }))).toBe(
      'No notice was sent.',
    );
  });
  it('tells an announcement from a quiet close', () => {
    expect(getClosingLabel(makeClosing())).toBe('Announced');
    expect(getClosingLabel(makeClosing({ kind: 'close' }))).toBe('Closed');
  });
});

describe('describeNextSteps', () => {
  it('tells a pending payout is e-mailed when paid and the remaining e-mails are on their way', () => {
    expect(describeNextSteps(makeClosing())).toEqual([
      'Payout of $75 pending. We e-mail you when it is paid.',
      '1 of 2 e-mails sent. The rest are on their way.',
    ]);
  });

  it('has nothing left to do once the payout is paid and every e-mail is out', () => {
    const closing = makeClosing({
      payout: { amount: 7500, currency: 'usd', status: 'paid' },
      emails: { total: 2, sent: 2, failed: [] },
    });
    expect(describeNextSteps(closing)).toEqual([
      '$75 paid out to your bank account. There is nothing left to do.',
      '2 of 2 e-mails sent.',
    ]);
  });

  it('sends a failed payout to support, with the money safe', () => {
    const closing = makeClosing({
      payout: { amount: 7500, currency: 'usd', status: 'failed', failureReason: 'account closed' },
    });
    expect(describeNextSteps(closing)[0]).toBe(
      'The payout of $75 failed: account closed. Your gifts are safe with us: please write to support so we can send them to the right account.',
    );
  });

  it('says a held payout is sent on its own after the hold', () => {
    const closing = makeClosing({
      payout: { amount: 7500, currency: 'usd', status: 'pending', heldUntil: '2026-03-04T10:00:00Z' },
    });
    expect(describeNextSteps(closing, 'UTC')[0]).toMatch(/on hold until .* It is sent on its own after that/);
  });

  it('tells refunds go back to the givers and nothing is paid out', () => {
    const closing = makeClosing({
      kind: 'close',
      payout: null,
      refunds: { count: 1, amount: 2500, currency: 'usd', pending: 1 },
      emails: NO_EMAILS,
    });
    expect(describeNextSteps(closing)).toEqual([
      '$25 refunded to 1 giver. Refunding 1 gift… Each giver gets the gift back on the card they paid with; nothing is paid out to you.',
      'No notice was sent.',
    ]);
  });
});
