import type { AccountDeletionBlocker } from '@firstday/common/account';
import { describe, expect, it } from 'vitest';
import { englishT } from '../lib/test-i18n.tsx';
import { describeHeldGifts, describeProgress, isDeletionSettling } from './deletion-blockers.ts';

const blocker: AccountDeletionBlocker = {
  calendarId: 'c1',
  title: 'Baby Rose',
  reason: 'settling',
  gifts: { count: 0, amount: 0, currency: 'usd' },
  refunds: { count: 0, amount: 0, currency: 'usd' },
  paymentsInProgress: 0,
  payout: null,
};

describe('deletion blockers', () => {
  it('follows only the blockers that clear by themselves', () => {
    expect(isDeletionSettling(undefined)).toBe(false);
    expect(isDeletionSettling({ canDelete: true, blockers: [] })).toBe(false);
    expect(isDeletionSettling({ canDelete: false, blockers: [{ ...blocker, reason: 'close_first' }] })).toBe(false);
    expect(isDeletionSettling({ canDelete: false, blockers: [{ ...blocker, reason: 'payout_failed' }] })).toBe(false);
    expect(isDeletionSettling({ canDelete: false, blockers: [blocker] })).toBe(true);
    expect(isDeletionSettling({ canDelete: false, blockers: [{ ...blocker, reason: 'payment_in_progress' }] })).toBe(
      true,
    );
  });

  it('words the gifts held and the money on its way', () => {
    expect(describeHeldGifts({ gifts: { count: 1, amount: 2500, currency: 'gbp' } }, englishT, 'en')).toContain('£25');
    expect(describeHeldGifts({ gifts: { count: 1, amount: 2500, currency: 'usd' } }, englishT, 'en')).toBe(
      '1 gift ($25)',
    );
    expect(describeHeldGifts({ gifts: { count: 3, amount: 3750, currency: 'usd' } }, englishT, 'en')).toBe(
      '3 gifts ($37.50)',
    );
    expect(
      describeProgress(
        {
          ...blocker,
          refunds: { count: 2, amount: 3700, currency: 'usd' },
          payout: { amount: 4000, currency: 'usd', status: 'pending' },
          paymentsInProgress: 1,
        },
        englishT,
        'en',
      ),
    ).toEqual([
      'Refunding 2 gifts ($37)…',
      'Payout of $40 on its way to your bank account…',
      '1 payment is still being confirmed…',
    ]);
    expect(
      describeProgress({ ...blocker, payout: { amount: 4000, currency: 'usd', status: 'failed' } }, englishT, 'en'),
    ).toEqual([]);
    expect(
      describeProgress({ ...blocker, reason: 'payment_in_progress', paymentsInProgress: 1 }, englishT, 'en'),
    ).toEqual(['The creation fee is still being confirmed…']);
  });
});
