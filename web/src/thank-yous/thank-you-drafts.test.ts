import type { CalendarClosing } from '@firstday/common/announcements';
import { fillThankYouName } from '@firstday/common/thank-yous';
import { describe, expect, it } from 'vitest';
import { englishT } from '../lib/test-i18n.tsx';
import { createEveryoneDraft, createPersonalDraft, describeProgress, opensThankYous } from './thank-you-drafts.ts';

const closing: CalendarClosing = {
  kind: 'announcement',
  birthDate: '2030-01-12',
  thankYouMessage: 'Thanks',
  gifts: 'pay_out',
  babyName: null,
  babyImageId: null,
  birthTimeMinutes: null,
  birthWeightGrams: null,
  closedAt: '2030-01-12T10:00:00.000Z',
  welcomeGifts: null,
  payout: null,
  refunds: null,
  emails: { total: 0, sent: 0, failed: [] },
};

describe('thank-you drafts', () => {
  it("starts a personal note with the giver's name and gift", () => {
    expect(createPersonalDraft({ name: 'Tom', giftAmount: 3500, currency: 'usd' }, englishT, 'en')).toBe(
      'Dear Tom,\n\nthank you so much for your $35 gift and your lovely wish. It means the world to us.',
    );
    // In the calendar's currency.
    expect(createPersonalDraft({ name: 'Tom', giftAmount: 3500, currency: 'eur' }, englishT, 'en')).toContain(
      'your €35 gift',
    );
    expect(createPersonalDraft({ name: 'Ana', giftAmount: null, currency: 'usd' }, englishT, 'en')).toContain(
      'thank you so much for your lovely wish',
    );
  });

  it("fills each person's name into the note to everyone", () => {
    expect(fillThankYouName(createEveryoneDraft(englishT), 'Lee')).toMatch(/^Dear Lee,\n/);
    expect(describeProgress({ thanked: 12, total: 20 }, englishT)).toBe('12 of 20 thanked');
  });

  it('opens after an announcement or a close that pays out, not after a refunding close', () => {
    expect(opensThankYous(closing)).toBe(true);
    expect(
      opensThankYous({ ...closing, kind: 'close', payout: { amount: 100, currency: 'usd', status: 'paid' } }),
    ).toBe(true);
    // A refunding close, even of a calendar without gifts (no refunds, no payout).
    expect(opensThankYous({ ...closing, kind: 'close', gifts: 'refund' })).toBe(false);
    expect(opensThankYous(null)).toBe(false);
  });
});
