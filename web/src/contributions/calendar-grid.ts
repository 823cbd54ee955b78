import {
  firstDayOfWeek,
  formatMonthDay,
  formatMonthName,
  formatMonthYear,
  formatWeekday,
  weekdayColumn,
  weekdayHeaderDays,
} from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import type { Translate } from '../i18n/use-t.tsx';

/** Pure building blocks of the public calendar's month-style grid (ISO 'YYYY-MM-DD' dates, UTC). */

export type GuessNames = ReadonlyArray<{ date: string; name: string }>;

export type GridCell = {
  iso: string;
  day: number;
  /** Only days inside the guess window can be picked. */
  inWindow: boolean;
  /** Ended everywhere on Earth (`getFirstOpenGuessDay` in common/guess-window): shown, greyed, not offered. */
  isPast: boolean;
  /** The visitor's own today, by the device's clock. */
  isToday: boolean;
  isDue: boolean;
  /** Names as the server sends them: full names, initials or 'A friend'. */
  names: string[];
  /** 'Dec' on the first day of a month and on the grid's first cell, so month changes are visible. */
  monthLabel: string | null;
};

const DAY_MS = 86_400_000;

function toTime(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function toIso(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The header's weekday names from the locale's first day of the week: short ('Sun') and full ('Sunday'), for abbr titles. */
export function getWeekdayNames(locale: Locale): { short: string; long: string }[] {
  return weekdayHeaderDays(firstDayOfWeek(locale)).map((day) => ({
    short: formatWeekday(day, 'short', locale),
    long: formatWeekday(day, 'long', locale),
  }));
}

/** Groups the guesses by day, keeping the server's order. */
export function groupGuessesByDay(guesses: GuessNames): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (const { date, name } of guesses) {
    const names = byDay.get(date);
    if (names) names.push(name);
    else byDay.set(date, [name]);
  }
  return byDay;
}

/**
 * What 'now' means for the grid: the first day still open to guesses (the server's rule) and the
 * visitor's local today. Null while unknown (rendering on the server): no day is greyed then.
 */
export type GuessDays = { firstOpen: string; today: string } | null;

/** The device's local calendar date ('YYYY-MM-DD'): the day the 'Today' marker goes on. */
export function getLocalIsoDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * Whole weeks (Sunday to Saturday in English, Monday to Sunday in German and Russian) covering the guess window; the days before `first` and after
 * `last` fill the first and last week and are marked outside the window.
 */
export function buildGuessGrid(
  window: { first: string; last: string },
  dueDate: string,
  guesses: GuessNames,
  days: GuessDays = null,
  locale?: Locale,
) {
  const byDay = groupGuessesByDay(guesses);
  const firstTime = toTime(window.first);
  const lastTime = toTime(window.last);
  const firstDay = firstDayOfWeek(locale);
  const start = firstTime - weekdayColumn(window.first, firstDay) * DAY_MS;
  const end = lastTime + (6 - weekdayColumn(window.last, firstDay)) * DAY_MS;
  const weeks: GridCell[][] = [];
  for (let time = start; time <= end; time += DAY_MS) {
    const date = new Date(time);
    const iso = toIso(time);
    if (weekdayColumn(date, firstDay) === 0) weeks.push([]);
    const day = date.getUTCDate();
    weeks.at(-1)?.push({
      iso,
      day,
      inWindow: time >= firstTime && time <= lastTime,
      isPast: days !== null && iso < days.firstOpen,
      isToday: days !== null && iso === days.today,
      isDue: iso === dueDate,
      names: byDay.get(iso) ?? [],
      monthLabel: day === 1 || time === start ? formatMonthName(date, 'short', locale) : null,
    });
  }
  return weeks;
}

/**
 * The day the grid's one Tab stop is on (the ARIA grid pattern's roving tabindex): the first of
 * `preferred` in the window (the day focused last, the picked day), else today, else the first day
 * still open, else the window's first day.
 */
export function getTabStopDay(weeks: GridCell[][], preferred: (string | null)[]): string | null {
  const days = weeks.flat().filter((cell) => cell.inWindow);
  const open = days.filter((cell) => !cell.isPast);
  const wanted = preferred.map((iso) => days.find((cell) => cell.iso === iso)).find(Boolean);
  const stop = wanted ?? open.find((cell) => cell.isToday) ?? open[0] ?? days[0];
  return stop?.iso ?? null;
}

/**
 * Where a key moves the focus from a day, as in a date picker: Left/Right a day (across weeks),
 * Up/Down a week, Home/End the week's first/last day, Ctrl+Home/End the window's first/last day.
 * Null when the key is not one of these or would leave the window: the focus stays.
 */
export function getDayAfterKey(weeks: GridCell[][], from: string, key: string, ctrlKey: boolean): string | null {
  const cells = weeks.flat();
  const index = cells.findIndex((cell) => cell.iso === from);
  if (index < 0) return null;
  const inWindow = (list: GridCell[]) => list.filter((cell) => cell.inWindow);
  const week = inWindow(cells.slice(index - (index % 7), index - (index % 7) + 7));
  const target = (() => {
    switch (key) {
      case 'ArrowLeft':
        return cells[index - 1];
      case 'ArrowRight':
        return cells[index + 1];
      case 'ArrowUp':
        return cells[index - 7];
      case 'ArrowDown':
        return cells[index + 7];
      case 'Home':
        return ctrlKey ? inWindow(cells)[0] : week[0];
      case 'End':
        return ctrlKey ? inWindow(cells).at(-1) : week.at(-1);
      default:
        return undefined;
    }
  })();
  return target?.inWindow ? target.iso : null;
}

/** 'November – December 2025', or 'December 2025 – January 2026' across a new year. */
export function formatWindowCaption(window: { first: string; last: string }, locale: Locale): string {
  const first = formatMonthYear(window.first, locale);
  const last = formatMonthYear(window.last, locale);
  if (first === last) return first;
  const sameYear = window.first.slice(0, 4) === window.last.slice(0, 4);
  return sameYear ? `${formatMonthName(window.first, 'long', locale)} – ${last}` : `${first} – ${last}`;
}

/** '1 guess', '3 guesses'. */
export function formatGuessCount(count: number, t: Translate): string {
  return t('contributions.calendar.guessCount', { count });
}

/**
 * The day button's accessible name: 'December 14, 3 guesses', with the due date, today and a day
 * that has passed said.
 */
export function getDayLabel(
  cell: Pick<GridCell, 'iso' | 'isDue' | 'names'> & Partial<Pick<GridCell, 'isPast' | 'isToday'>>,
  t: Translate,
  locale: Locale,
): string {
  const count = cell.names.length;
  const guesses = count === 0 ? t('contributions.calendar.noGuesses') : formatGuessCount(count, t);
  const marks = [
    cell.isToday ? t('contributions.calendar.labelToday') : '',
    cell.isDue ? t('contributions.calendar.labelDue') : '',
    cell.isPast ? t('contributions.calendar.labelPassed') : '',
  ];
  return [formatMonthDay(cell.iso, locale), ...marks.filter(Boolean), guesses].join(', ');
}

/** The names a day cell has room for, and how many more there are ('+N'). */
export function getVisibleNames(names: readonly string[], room: number): { shown: string[]; more: number } {
  if (names.length <= room) return { shown: [...names], more: 0 };
  // The '+N' chip takes the last place.
  const shown = names.slice(0, Math.max(0, room - 1));
  return { shown, more: names.length - shown.length };
}

/** The guesses nearest to the birth date, for the fun of it (there is no prize). */
export function getClosestGuesses(guesses: GuessNames, birthDate: string, count = 3) {
  const birth = toTime(birthDate);
  return guesses
    .map((guess) => ({ ...guess, daysOff: Math.round(Math.abs(toTime(guess.date) - birth) / DAY_MS) }))
    .sort((a, b) => a.daysOff - b.daysOff)
    .slice(0, count);
}
