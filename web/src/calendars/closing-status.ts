import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatDateTime, formatMoney } from '@firstday/common/format';

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
export function checkBirthDate(value: string, limits: { min: string; max: string }): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Please enter the birth date.';
  if (value > limits.max) return 'The birth date cannot be in the future.';
  if (value < limits.min) return 'The birth date cannot be before the calendar was created.';
  return undefined;
}

export function isCalendarClosed(calendar: Pick<OwnerCalendar, 'status'>): boolean {
  return calendar.status === 'announced' || calendar.status === 'paid_out';
}

/** One line about the money after the end of a calendar, for the card. `timeZone`: for tests. */
export function describePayout(closing: CalendarClosing, timeZone?: string): string {
  if (closing.refunds && !closing.payout) {
    const { count, amountCents, pending } = closing.refunds;
    const done = `${formatMoney(amountCents)} refunded to ${count} giver${count === 1 ? '' : 's'}.`;
    if (pending === 0) return done;
    const inProgress = `Refunding ${pending} gift${pending === 1 ? '' : 's'}…`;
    return count === 0 ? inProgress : `${done} ${inProgress}`;
  }
  const payout = closing.payout;
  if (!payout) return 'No gifts to pay out.';
  const amount = formatMoney(payout.amountCents);
  if (payout.status === 'paid') return `${amount} paid out to your bank account.`;
  if (payout.status === 'failed') {
    return `The payout of ${amount} failed${payout.failureReason ? `: ${payout.failureReason}` : '.'}`;
  }
  if (payout.heldUntil) {
    return `Payout of ${amount} on hold until ${formatDateTime(payout.heldUntil, { timeZone })} because the bank account was changed.`;
  }
  if (payout.awaitingVerification) {
    return `Payout of ${amount} pending: our payment partner is still verifying your details. If this takes more than a few days, please write to support.`;
  }
  return `Payout of ${amount} pending.`;
}

/** One line about the e-mails to participants. */
export function describeEmails(closing: CalendarClosing): string {
  const { total, sent } = closing.emails;
  if (total === 0) return closing.kind === 'close' ? 'No notice was sent.' : 'No participants to e-mail.';
  return `${sent} of ${total} e-mail${total === 1 ? '' : 's'} sent.`;
}

/** The badge word: the closing tells more than the status (a close without celebration is not an announcement). */
export function getClosingLabel(closing: CalendarClosing): string {
  return closing.kind === 'announcement' ? 'Announced' : 'Closed';
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
export function describeNextSteps(closing: CalendarClosing, timeZone?: string): string[] {
  return [describeMoneyNext(closing, timeZone), describeEmailsNext(closing)];
}

function describeMoneyNext(closing: CalendarClosing, timeZone?: string): string {
  const payoutLine = describePayout(closing, timeZone);
  // A failure reason from the bank may come without a full stop.
  const now = /[.…]$/.test(payoutLine) ? payoutLine : `${payoutLine}.`;
  if (closing.refunds && !closing.payout) {
    return closing.refunds.pending > 0
      ? `${now} Each giver gets the gift back on the card they paid with; nothing is paid out to you.`
      : `${now} Nothing is paid out to you, and there is nothing left to do.`;
  }
  const payout = closing.payout;
  if (!payout) return `${now} There is nothing left to do.`;
  if (payout.status === 'paid') return `${now} There is nothing left to do.`;
  if (payout.status === 'failed') {
    return `${now} Your gifts are safe with us: please write to support so we can send them to the right account.`;
  }
  if (payout.heldUntil) return `${now} It is sent on its own after that, and we e-mail you when it is paid.`;
  if (payout.awaitingVerification) return now;
  return `${now} We e-mail you when it is paid.`;
}

function describeEmailsNext(closing: CalendarClosing): string {
  const { total, sent, failed } = closing.emails;
  const now = describeEmails(closing);
  if (total === 0 || sent + failed.length >= total) return now;
  return `${now} The rest are on their way.`;
}
