const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * 'YYYY-MM-DD' → 'December 13, 2025'. Read as UTC and in a fixed locale so the prerendered HTML and
 * the hydrated page always print the same text.
 */
export function formatLongDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * An ISO time → 'November 24, 2026 at 12:02 PM', in the reader's time zone (or `timeZone`). For
 * client-rendered pages only: prerendered HTML would print the build machine's zone.
 */
export function formatDateTime(isoTime: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    new Date(isoTime),
  );
}
