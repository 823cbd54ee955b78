import { describe, expect, it } from 'vitest';
import { getWelcomeGiftsEnd, WELCOME_GIFT_DAYS } from './welcome-gifts.ts';

const DAY_MS = 86_400_000;
const announcedAt = new Date('2027-03-01T12:00:00Z');

describe('getWelcomeGiftsEnd', () => {
  it('keeps the page open for 30 days when no gift is old', () => {
    const oldest = new Date(announcedAt.getTime() - 10 * DAY_MS);
    expect(getWelcomeGiftsEnd(announcedAt, oldest, 'DE89 •••• 3000')).toEqual(
      new Date(announcedAt.getTime() + WELCOME_GIFT_DAYS * DAY_MS),
    );
    expect(getWelcomeGiftsEnd(announcedAt, null, null)).toEqual(new Date(announcedAt.getTime() + 30 * DAY_MS));
  });

  it('closes sooner so that the oldest gift is paid out within the holding limit, less a week', () => {
    const oldest = new Date(announcedAt.getTime() - 70 * DAY_MS);
    // 90 − 7 = 83 days after the oldest gift: 13 days after the announcement.
    expect(getWelcomeGiftsEnd(announcedAt, oldest, 'FR76 •••• 0189')).toEqual(new Date(oldest.getTime() + 83 * DAY_MS));
    // A US bank may hold two years: 30 days.
    expect(getWelcomeGiftsEnd(announcedAt, oldest, 'US ••••6789 (routing 110000000)')).toEqual(
      new Date(announcedAt.getTime() + 30 * DAY_MS),
    );
  });

  it('opens no window when the holding limit leaves no time', () => {
    const oldest = new Date(announcedAt.getTime() - 85 * DAY_MS);
    expect(getWelcomeGiftsEnd(announcedAt, oldest, 'FR76 •••• 0189')).toBeNull();
  });
});
