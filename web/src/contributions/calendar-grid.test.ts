import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import {
  buildGuessGrid,
  formatWindowCaption,
  getClosestGuesses,
  getDayAfterKey,
  getLocalIsoDate,
  getDayLabel as getLocalizedDayLabel,
  getTabStopDay,
  getVisibleNames,
  getWeekdayNames,
  groupGuessesByDay,
} from './calendar-grid.ts';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);
const getDayLabel = (cell: Parameters<typeof getLocalizedDayLabel>[0]) => getLocalizedDayLabel(cell, t, 'en');

// Due Saturday 2025-12-20: window 2025-11-22 (Saturday) … 2026-01-03 (Saturday).
const WINDOW = { first: '2025-11-22', last: '2026-01-03' };

describe('buildGuessGrid', () => {
  const weeks = buildGuessGrid(WINDOW, '2025-12-20', [
    { date: '2025-12-14', name: 'Anna Berg' },
    { date: '2025-12-14', name: 'A friend' },
  ]);
  const cells = weeks.flat();

  it('covers whole Sunday-to-Saturday weeks around the window', () => {
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(cells[0]?.iso).toBe('2025-11-16');
    expect(cells.at(-1)?.iso).toBe('2026-01-03');
    expect(weeks).toHaveLength(7);
  });

  it('marks the 43 days of the window selectable and the rest not', () => {
    expect(cells.filter((cell) => cell.inWindow)).toHaveLength(43);
    expect(cells.find((cell) => cell.iso === '2025-11-21')?.inWindow).toBe(false);
    expect(cells.find((cell) => cell.iso === '2025-11-22')?.inWindow).toBe(true);
  });

  it('marks the due date and carries the guesses of each day', () => {
    expect(cells.filter((cell) => cell.isDue).map((cell) => cell.iso)).toEqual(['2025-12-20']);
    expect(cells.find((cell) => cell.iso === '2025-12-14')?.names).toEqual(['Anna Berg', 'A friend']);
  });

  it('labels the first cell and each first of a month', () => {
    expect(cells.filter((cell) => cell.monthLabel).map((cell) => [cell.iso, cell.monthLabel])).toEqual([
      ['2025-11-16', 'Nov'],
      ['2025-12-01', 'Dec'],
      ['2026-01-01', 'Jan'],
    ]);
  });

  it('crosses a daylight-saving change without losing or repeating a day', () => {
    const spring = buildGuessGrid({ first: '2026-02-15', last: '2026-03-29' }, '2026-03-15', []).flat();
    const isos = spring.map((cell) => cell.iso);
    expect(new Set(isos).size).toBe(isos.length);
    expect(isos).toContain('2026-03-08');
  });
});

describe('days that have passed and today', () => {
  it('greys the days before the first open day and marks the local today', () => {
    const cells = buildGuessGrid(WINDOW, '2025-12-20', [], { firstOpen: '2025-12-10', today: '2025-12-11' }).flat();
    const inWindow = cells.filter((cell) => cell.inWindow);
    expect(inWindow.filter((cell) => cell.isPast).map((cell) => cell.iso)).toEqual(
      inWindow.map((cell) => cell.iso).filter((iso) => iso < '2025-12-10'),
    );
    expect(cells.find((cell) => cell.iso === '2025-12-09')?.isPast).toBe(true);
    expect(cells.find((cell) => cell.iso === '2025-12-10')?.isPast).toBe(false);
    expect(cells.filter((cell) => cell.isToday).map((cell) => cell.iso)).toEqual(['2025-12-11']);
  });

  it('greys nothing while the day is unknown (server rendering)', () => {
    const cells = buildGuessGrid(WINDOW, '2025-12-20', []).flat();
    expect(cells.some((cell) => cell.isPast || cell.isToday)).toBe(false);
  });

  it('takes the device’s local date for today', () => {
    expect(getLocalIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(getLocalIsoDate(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });
});

describe('keyboard in the day grid (ARIA grid pattern)', () => {
  // Weeks Sunday 2025-11-16 … Saturday 2026-01-03; the window starts on Saturday 2025-11-22.
  const days = { firstOpen: '2025-12-10', today: '2025-12-11' };
  const weeks = buildGuessGrid(WINDOW, '2025-12-20', [], days);
  const move = (from: string, key: string, ctrlKey = false) => getDayAfterKey(weeks, from, key, ctrlKey);

  it('puts the one Tab stop on the day focused last, else the picked day, else today, else the first open day', () => {
    expect(getTabStopDay(weeks, ['2025-12-24', '2025-12-30'])).toBe('2025-12-24');
    expect(getTabStopDay(weeks, [null, '2025-12-30'])).toBe('2025-12-30');
    // A day outside the window is never the stop.
    expect(getTabStopDay(weeks, ['2025-11-16', null])).toBe('2025-12-11');
    const todayPassed = buildGuessGrid(WINDOW, '2025-12-20', [], { firstOpen: '2025-12-12', today: '2025-12-11' });
    expect(getTabStopDay(todayPassed, [null])).toBe('2025-12-12');
    // On the server nothing has passed and today is unknown: the window's first day.
    expect(getTabStopDay(buildGuessGrid(WINDOW, '2025-12-20', []), [null])).toBe('2025-11-22');
  });

  it('moves a day with Left and Right, across weeks', () => {
    expect(move('2025-12-11', 'ArrowRight')).toBe('2025-12-12');
    expect(move('2025-12-11', 'ArrowLeft')).toBe('2025-12-10');
    expect(move('2025-11-29', 'ArrowRight')).toBe('2025-11-30');
    expect(move('2025-11-30', 'ArrowLeft')).toBe('2025-11-29');
  });

  it('moves a week with Up and Down, and the row’s ends with Home and End', () => {
    expect(move('2025-12-11', 'ArrowDown')).toBe('2025-12-18');
    expect(move('2025-12-11', 'ArrowUp')).toBe('2025-12-04');
    expect(move('2025-12-11', 'Home')).toBe('2025-12-07');
    expect(move('2025-12-11', 'End')).toBe('2025-12-13');
    // The first week starts inside it, on the window's first day.
    expect(move('2025-11-22', 'Home')).toBe('2025-11-22');
    expect(move('2025-12-11', 'Home', true)).toBe('2025-11-22');
    expect(move('2025-12-11', 'End', true)).toBe('2026-01-03');
  });

  it('reaches days that have passed, and stays at the window’s edges', () => {
    expect(move('2025-12-10', 'ArrowLeft')).toBe('2025-12-09');
    expect(move('2025-11-22', 'ArrowLeft')).toBeNull();
    expect(move('2025-11-27', 'ArrowUp')).toBeNull();
    expect(move('2026-01-03', 'ArrowRight')).toBeNull();
    expect(move('2025-12-30', 'ArrowDown')).toBeNull();
    expect(move('2025-12-11', 'Enter')).toBeNull();
  });
});

describe('day labels', () => {
  it('says today and a day that has passed', () => {
    expect(getDayLabel({ iso: '2025-12-11', isDue: false, isToday: true, names: [] })).toBe(
      'December 11, today, no guesses yet',
    );
    expect(getDayLabel({ iso: '2025-12-08', isDue: false, isPast: true, names: ['A', 'B'] })).toBe(
      'December 8, has passed, 2 guesses',
    );
  });

  it('says the date, the due date and the number of guesses', () => {
    expect(getDayLabel({ iso: '2025-12-14', isDue: false, names: ['A', 'B', 'C'] })).toBe('December 14, 3 guesses');
    expect(getDayLabel({ iso: '2025-12-20', isDue: true, names: ['A'] })).toBe('December 20, due date, 1 guess');
    expect(getDayLabel({ iso: '2025-12-21', isDue: false, names: [] })).toBe('December 21, no guesses yet');
  });

  it('names the weeks Sunday first in English, Monday first in German and Russian', () => {
    expect(getWeekdayNames('en').map((name) => name.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(getWeekdayNames('de').map((name) => name.short)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(getWeekdayNames('ru').map((name) => name.short)).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  });

  it('starts each week on Monday in German', () => {
    // 2025-11-22 is a Saturday, 2026-01-03 a Saturday.
    const weeks = buildGuessGrid(WINDOW, '2025-12-20', [], null, 'de');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]![0]!.iso).toBe('2025-11-17');
    expect(weeks.at(-1)!.at(-1)!.iso).toBe('2026-01-04');
  });

  it('captions the months of the window', () => {
    expect(formatWindowCaption(WINDOW, 'en')).toBe('November 2025 – January 2026');
    expect(formatWindowCaption({ first: '2026-02-15', last: '2026-03-29' }, 'en')).toBe('February – March 2026');
  });
});

describe('getVisibleNames', () => {
  it('shows every name that fits', () => {
    expect(getVisibleNames(['A', 'B'], 3)).toEqual({ shown: ['A', 'B'], more: 0 });
  });

  it('keeps the last place for +N', () => {
    expect(getVisibleNames(['A', 'B', 'C', 'D', 'E'], 3)).toEqual({ shown: ['A', 'B'], more: 3 });
  });

  it('groups guesses by day', () => {
    expect(groupGuessesByDay([{ date: 'x', name: 'A' }]).get('x')).toEqual(['A']);
  });
});

describe('getClosestGuesses', () => {
  it('orders by distance to the birth date and keeps the first few', () => {
    const closest = getClosestGuesses(
      [
        { date: '2025-12-01', name: 'Far' },
        { date: '2025-12-15', name: 'Near' },
        { date: '2025-12-14', name: 'Exact' },
        { date: '2025-12-12', name: 'Close' },
      ],
      '2025-12-14',
    );
    expect(closest.map((guess) => [guess.name, guess.daysOff])).toEqual([
      ['Exact', 0],
      ['Near', 1],
      ['Close', 2],
    ]);
  });
});
