import { getHoldingLimitDays, HOLDING_MARGIN_DAYS } from './end-schedule.ts';

/**
 * Welcome gifts after the birth (docs/decisions/026-holding-limit-schedule.md, 'Welcome gifts after
 * the birth'): relatives who hear the news after the announcement may still send a gift with a
 * wish, no guess, while the parents keep the page open for them. Shared, so the announce dialog,
 * the owner's page and the server name one rule.
 */

const DAY_MS = 86_400_000;
/** How long the page takes welcome gifts after the announcement, at most. */
export const WELCOME_GIFT_DAYS = 30;

/**
 * When the welcome gifts close: 30 days after the announcement, or sooner so that the oldest gift
 * still held is paid out within the provider's holding limit (less the margin, as for a calendar
 * never announced). Null when that limit leaves no time at all: the gifts are paid out at once.
 */
export function getWelcomeGiftsEnd(
  announcedAt: Date,
  oldestGiftAt: Date | null,
  bankAccountMasked: string | null,
): Date | null {
  const byDays = announcedAt.getTime() + WELCOME_GIFT_DAYS * DAY_MS;
  const byHolding = oldestGiftAt
    ? oldestGiftAt.getTime() + (getHoldingLimitDays(bankAccountMasked) - HOLDING_MARGIN_DAYS) * DAY_MS
    : Number.POSITIVE_INFINITY;
  const end = Math.min(byDays, byHolding);
  return end > announcedAt.getTime() ? new Date(end) : null;
}
