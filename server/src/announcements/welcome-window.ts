import { formatMonthDay } from '@firstday/common/format';
import { eq } from 'drizzle-orm';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { announcements } from './schema.ts';

/**
 * The welcome gifts of an announced calendar (decision 026, 'Welcome gifts after the birth'): read
 * by the contributions (may a welcome gift come in?) and the gifts' payment handler (is a gift that
 * lands now still in the payout?). Undefined when the parents did not keep the page open.
 */
export type WelcomeWindow = { until: Date; closedAt: Date | null };

export async function findWelcomeWindow(
  db: Pick<Db, 'select'>,
  calendarId: string,
): Promise<WelcomeWindow | undefined> {
  const [row] = await db
    .select({ until: announcements.welcomeGiftsUntil, closedAt: announcements.welcomeGiftsClosedAt })
    .from(announcements)
    .where(eq(announcements.calendarId, calendarId));
  return row?.until ? { until: row.until, closedAt: row.closedAt } : undefined;
}

/** Open: before its time and not closed by the parents or the job (the payout is not fixed yet). */
export function isWelcomeWindowOpen(window: WelcomeWindow | undefined, now: Date): window is WelcomeWindow {
  return window !== undefined && window.closedAt === null && now < window.until;
}

/**
 * Still collecting: the payout is not fixed yet, so a gift that succeeds now is in it, even one
 * charged a little after the window's time (the hourly job closes it): the money is never refused.
 */
export function isWelcomeWindowCollecting(window: WelcomeWindow | undefined): boolean {
  return window !== undefined && window.closedAt === null;
}

/** 409 for a welcome gift to a calendar whose welcome gifts are over (or never were). */
export function welcomeGiftsClosedError(window: WelcomeWindow | undefined): AppError {
  if (!window) return new AppError('calendar_closed', 'This calendar is closed to new guesses and gifts.', 409);
  const day = formatMonthDay((window.closedAt ?? window.until).toISOString().slice(0, 10));
  return new AppError(
    'welcome_gifts_closed',
    `The welcome gifts for this baby closed on ${day}. Thank you for thinking of them!`,
    409,
  );
}
