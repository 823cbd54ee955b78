import type { AnnouncementRow } from '../announcements/schema.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Thank-you notes open with the announcement, or with a close whose gifts are paid out: the
 * parents keep the gifts, so there is someone to thank. Before the end, or after a refunding
 * close, there is not. Returns why not, or null when notes can be sent.
 */
export function getThankYouClosedReason(announcement: AnnouncementRow | undefined): string | null {
  if (!announcement) return 'Thank-you notes can be sent once the birth is announced.';
  if (announcement.kind === 'close' && announcement.gifts === 'refund') {
    return 'This calendar was closed and its gifts refunded, so there are no thank-you notes to send.';
  }
  return null;
}

/** 409 unless notes can be sent; narrows the announcement. */
export function assertThankYousOpen(announcement: AnnouncementRow | undefined): AnnouncementRow {
  const reason = getThankYouClosedReason(announcement);
  if (reason || !announcement) throw new AppError('thank_yous_closed', reason ?? '', 409);
  return announcement;
}
