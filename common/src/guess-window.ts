// The guess window and which of its days are still open: plain date rules without zod, so the guest
// page's JavaScript does not carry the schemas (docs/decisions/012-server-rendered-guest-page.md).

/** Guess window: due date − 28 days to due date + 14 days, inclusive (43 days). */
export const GUESS_WINDOW_DAYS_BEFORE = 28;
export const GUESS_WINDOW_DAYS_AFTER = 14;

/** An ISO date `days` later (earlier when negative). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last day a guess may name, for a calendar due on `dueDate`. */
export function getGuessWindow(dueDate: string): { first: string; last: string } {
  return { first: addDays(dueDate, -GUESS_WINDOW_DAYS_BEFORE), last: addDays(dueDate, GUESS_WINDOW_DAYS_AFTER) };
}

export function isInGuessWindow(dueDate: string, guessedDate: string): boolean {
  const { first, last } = getGuessWindow(dueDate);
  return guessedDate >= first && guessedDate <= last;
}

/** UTC−12, the last time zone on Earth where a day ends. */
const LAST_ZONE_OFFSET_MS = 12 * 3_600_000;

/**
 * The earliest day a guess may still name at `now`. Calendars have no time zone of their own, so a
 * day counts as past only once it has ended everywhere on Earth (midnight in UTC−12, which is noon
 * UTC the next day): nobody, wherever they or the parents live, finds their own today closed. The
 * server refuses earlier days with this rule, and the browser greys the same days out.
 */
export function getFirstOpenGuessDay(now: Date): string {
  return new Date(now.getTime() - LAST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day of the window before the first open day has passed: nobody can pick it any more. */
export function isPastGuessDay(guessedDate: string, now: Date): boolean {
  return guessedDate < getFirstOpenGuessDay(now);
}
