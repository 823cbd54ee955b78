const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * 'YYYY-MM-DD' → 'December 13, 2025'. Read as UTC and in a fixed locale so the prerendered HTML and
 * the hydrated page always print the same text.
 */
export function formatLongDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}
