import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatDateTime, formatMoney } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import type { Translate } from '../i18n/use-t.tsx';

/** A local-time ISO date: the parents' "today", not UTC's (a birth at 11 p.m. in New York is still today). */
export function toLocalIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The birth date input's limits: not before the calendar was created, not after today. */
export function getBirthDateLimits(createdAt: string, now: Date = new Date()): { min: string; max: string } {
  const max = toLocalIsoDate(now);
  const created = toLocalIsoDate(new Date(createdAt));
  // A clock behind the server's could put the creation "after" today; never give the input an empty range.
  if (created > max) return { min: max, max };
  return { min: created, max };
}

/** The inline message for a birth date outside its limits (the schema only checks the format). */
export function checkBirthDate(value: string, limits: { min: string; max: string }, t: Translate): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return t('calendars.closing.birthDateMissing');
  if (value > limits.max) return t('calendars.closing.birthDateFuture');
  if (value < limits.min) return t('calendars.closing.birthDateBeforeCreated');
  return undefined;
}

/** What the closing texts need: the language, and the calendar's currency for its amounts. */
export type ClosingTexts = { t: Translate; locale: Locale; currency?: string; timeZone?: string };

export function isCalendarClosed(calendar: Pick<OwnerCalendar, 'status'>): boolean {
  return calendar.status === 'announced' || calendar.status === 'paid_out';
}

/** The page still takes welcome gifts after the birth (decision 026): the payout comes at their end. */
export function isWelcomeGiftsOpen(closing: CalendarClosing | null | undefined): boolean {
  return Boolean(closing?.welcomeGifts && closing.welcomeGifts.closedAt === null);
}

/** One line about the money after the end of a calendar, for the card. `timeZone`: for tests. */
export function describePayout(closing: CalendarClosing, texts: ClosingTexts): string {
  const { t, locale, currency, timeZone } = texts;
  const money = (amount: number) => formatMoney(amount, { currency, locale });
  if (closing.welcomeGifts && isWelcomeGiftsOpen(closing)) {
    return t('calendars.closing.welcomeGiftsOpen', {
      until: formatDateTime(closing.welcomeGifts.until, { locale, timeZone }),
    });
  }
  if (closing.refunds && !closing.payout) {
    const { count, pending } = closing.refunds;
    const done = t('calendars.closing.refunded', { amount: money(closing.refunds.amount), count });
    if (pending === 0) return done;
    const inProgress = t('calendars.closing.refunding', { count: pending });
    return count === 0 ? inProgress : `${done} ${inProgress}`;
  }
  const payout = closing.payout;
  if (!payout) return t('calendars.closing.noGifts');
  const amount = money(payout.amount);
  if (payout.status === 'paid') return t('calendars.closing.paidOut', { amount });
  if (payout.status === 'failed') {
    return payout.failureReason
      ? t('calendars.closing.payoutFailedReason', { amount, reason: payout.failureReason })
      : t('calendars.closing.payoutFailed', { amount });
  }
  if (payout.heldUntil) {
    return t('calendars.closing.payoutHeld', {
      amount,
      until: formatDateTime(payout.heldUntil, { locale, timeZone }),
    });
  }
  if (payout.awaitingVerification) return t('calendars.closing.payoutVerifying', { amount });
  return t('calendars.closing.payoutPending', { amount });
}

/** One line about the e-mails to participants. */
export function describeEmails(closing: CalendarClosing, t: Translate): string {
  const { total, sent } = closing.emails;
  if (total === 0)
    return closing.kind === 'close' ? t('calendars.closing.noNotice') : t('calendars.closing.noParticipants');
  return t('calendars.closing.emailsSent', { sent, total });
}

/** The badge word: the closing tells more than the status (a close without celebration is not an announcement). */
export function getClosingLabel(closing: CalendarClosing, t: Translate): string {
  return closing.kind === 'announcement' ? t('calendars.closing.labelAnnounced') : t('calendars.closing.labelClosed');
}

/**
 * Something the owner waits for: a payout or refunds not yet settled, or e-mails not yet all
 * delivered or given up on. A payout on hold is not: nothing changes until the hold is over.
 */
export function isClosingInProgress(closing: CalendarClosing | null | undefined): boolean {
  if (!closing) return false;
  const { total, sent, failed } = closing.emails;
  const payoutMoving = closing.payout?.status === 'pending' && !closing.payout.heldUntil;
  return payoutMoving || (closing.refunds?.pending ?? 0) > 0 || sent + failed.length < total;
}

/**
 * 'What happens next' after the end of a calendar, for its read-only Calendar Info: the money
 * first (what describePayout says, then what the owner can expect or do), then the e-mails.
 */
export function describeNextSteps(closing: CalendarClosing, texts: ClosingTexts): string[] {
  return [describeMoneyNext(closing, texts), describeEmailsNext(closing, texts.t)];
}

function describeMoneyNext(closing: CalendarClosing, texts: ClosingTexts): string {
  const { t } = texts;
  const payoutLine = describePayout(closing, texts);
  // A failure reason from the bank may come without a full stop.
  const now = /[.…]$/.test(payoutLine) ? payoutLine : `${payoutLine}.`;
  const next = (what: string) => `${now} ${what}`;
  if (closing.refunds && !closing.payout) {
    return closing.refunds.pending > 0
      ? next(t('calendars.closing.nextRefunding'))
      : next(t('calendars.closing.nextRefunded'));
  }
  if (isWelcomeGiftsOpen(closing)) return next(t('calendars.closing.nextWelcomeGifts'));
  const payout = closing.payout;
  if (!payout) return next(t('calendars.closing.nextNothing'));
  if (payout.status === 'paid') return next(t('calendars.closing.nextNothing'));
  if (payout.status === 'failed') return next(t('calendars.closing.nextFailed'));
  if (payout.heldUntil) return next(t('calendars.closing.nextHeld'));
  if (payout.awaitingVerification) return now;
  return next(t('calendars.closing.nextPending'));
}

function describeEmailsNext(closing: CalendarClosing, t: Translate): string {
  const { total, sent, failed } = closing.emails;
  const now = describeEmails(closing, t);
  if (total === 0 || sent + failed.length >= total) return now;
  return `${now} ${t('calendars.closing.nextEmails')}`;
}
