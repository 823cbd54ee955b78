import { addDays, getGuessWindow } from '@firstday/common/guess-window';
import { getKeepsakeCalendarRange } from '@firstday/common/keepsake';
import { getKeepsakeMonths } from '@firstday/common/keepsake-months';
import { describe, expect, it } from 'vitest';
import { type CalendarPiece, type CalendarSizes, planCalendarPages } from './plan-calendar-pages.ts';

/** The renderer's sizes on Letter (the smaller page): the first page holds the heading too. */
const SIZES: CalendarSizes = { space: { first: 500, next: 630 }, title: 56, week: 42 };
/** A page of the calendar shows at least this many weeks whenever the calendar has more than one page. */
const MIN_WEEKS_PER_PAGE = 3;

function plan(dueDate: string, birthDate: string, locale = 'en-US') {
  const range = getKeepsakeCalendarRange({ window: getGuessWindow(dueDate), announcement: { birthDate } as never });
  return { range, ...planCalendarPages(getKeepsakeMonths(range.first, range.last, locale), range, SIZES) };
}

function weeksOf(page: CalendarPiece[]): number {
  return page.reduce((sum, piece) => sum + piece.weeks.length, 0);
}

describe('planCalendarPages', () => {
  it('puts a guess window crossing into January on one page, with only the weeks in it', () => {
    const { pages, week } = plan('2026-12-20', '2026-12-18');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.map((piece) => piece.month.key)).toEqual(['2026-11', '2026-12', '2027-01']);
    // November 22 to January 3: from that week on, not the whole of November, and January's first days.
    expect(pages[0]![0]!.weeks[0]).toContain('2026-11-22');
    expect(pages[0]![0]!.weeks).toHaveLength(2);
    expect(pages[0]![2]!.weeks).toHaveLength(2);
    expect(pages[0]![2]!.weeks[1]).toContain('2027-01-03');
    expect(week).toBeGreaterThanOrEqual(SIZES.week * 0.8);
  });

  it('leaves no near-empty page for any due date of a year and any birth the calendar reaches', () => {
    for (let day = 0; day < 366; day += 7) {
      const dueDate = addDays('2026-01-01', day);
      for (let offset = -75; offset <= 60; offset += 9) {
        for (const locale of ['en-US', 'de-DE']) {
          const { range, pages } = plan(dueDate, addDays(dueDate, offset), locale);
          const weeks = pages.map(weeksOf);
          const context = `due ${dueDate}, born ${offset} days from it, ${locale}: ${weeks.join(' + ')} weeks`;
          if (pages.length > 1) expect(Math.min(...weeks), context).toBeGreaterThanOrEqual(MIN_WEEKS_PER_PAGE);
          // Every day of the range is drawn exactly once.
          const days = pages.flat().flatMap((piece) => piece.weeks.flat().filter((date) => date !== null));
          expect(new Set(days).size, context).toBe(days.length);
          expect(days, context).toContain(range.first);
          expect(days, context).toContain(range.last);
        }
      }
    }
  });

  it('never leaves a month title at the foot of a page without its weeks', () => {
    for (let day = 0; day < 366; day += 7) {
      const dueDate = addDays('2026-01-01', day);
      const { pages } = plan(dueDate, addDays(dueDate, 55));
      for (const page of pages) for (const piece of page) expect(piece.weeks.length).toBeGreaterThanOrEqual(1);
      for (const page of pages.slice(0, -1)) {
        const last = page.at(-1)!;
        const months = pages.flat().filter((piece) => piece.month.key === last.month.key);
        const total = months.reduce((sum, piece) => sum + piece.weeks.length, 0);
        expect(last.weeks.length).toBeGreaterThanOrEqual(Math.min(2, total));
      }
    }
  });
});
