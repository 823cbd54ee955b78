import { DEFAULT_LOCALE, firstDayOfWeek, formatMonthYear, weekdayColumn } from './format.ts';

/** One month of the guess calendar: its title and weeks of ISO days (null outside the month), from the locale's first day of the week. */
export type KeepsakeMonth = { key: string; title: string; weeks: (string | null)[][] };

/** The months from `first` to `last` (ISO days), as calendar grids. */
export function getKeepsakeMonths(first: string, last: string, locale: string = DEFAULT_LOCALE): KeepsakeMonth[] {
  const months: KeepsakeMonth[] = [];
  const cursor = new Date(`${first.slice(0, 7)}-01T00:00:00Z`);
  const end = `${last.slice(0, 7)}-01`;
  while (cursor.toISOString().slice(0, 10) <= end) {
    const year = cursor.getUTCFullYear();
    const month = cursor.getUTCMonth();
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const cells: (string | null)[] = Array.from({ length: weekdayColumn(cursor, firstDayOfWeek(locale)) }, () => null);
    for (let day = 1; day <= days; day += 1)
      cells.push(new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10));
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: (string | null)[][] = [];
    for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
    months.push({ key: cursor.toISOString().slice(0, 7), title: formatMonthYear(cursor, locale), weeks });
    cursor.setUTCMonth(month + 1);
  }
  return months;
}
