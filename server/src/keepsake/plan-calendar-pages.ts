import type { KeepsakeMonth } from '@firstday/common/keepsake-months';

/** The weeks of one month that land on one page of the calendar of guesses, under the month's title. */
export type CalendarPiece = { month: KeepsakeMonth; weeks: (string | null)[][] };

export type CalendarSizes = {
  /** The height of the first page's grids (below the heading) and of every later page's. */
  space: { first: number; next: number };
  /** A month's title with its weekday header, and one week's row. */
  title: number;
  week: number;
};

/** A month's title never stands at a page's foot with fewer than this many of its weeks. */
const WEEKS_WITH_TITLE = 2;

/** The weeks of each month that have a day in the range, so no page shows weeks outside it. */
function weeksInRange(months: KeepsakeMonth[], range: { first: string; last: string }): CalendarPiece[] {
  return months
    .map((month) => ({
      month,
      weeks: month.weeks.filter((week) => week.some((day) => day !== null && day >= range.first && day <= range.last)),
    }))
    .filter((piece) => piece.weeks.length > 0);
}

/** Fills each page up to `limit` (or its space), week by week. */
function fillPages(pieces: CalendarPiece[], sizes: CalendarSizes, limit: number): CalendarPiece[][] {
  const pages: CalendarPiece[][] = [[]];
  let used = 0;
  for (const { month, weeks } of pieces) {
    let piece: CalendarPiece | undefined;
    weeks.forEach((week, index) => {
      const space = Math.min(limit, pages.length === 1 ? sizes.space.first : sizes.space.next);
      const kept = piece ? 1 : Math.min(WEEKS_WITH_TITLE, weeks.length - index);
      const needed = (piece ? 0 : sizes.title) + kept * sizes.week;
      const page = pages.at(-1)!;
      if (used + needed > space && page.length > 0) {
        pages.push([]);
        used = 0;
        piece = undefined;
      }
      if (!piece) {
        piece = { month, weeks: [] };
        pages.at(-1)!.push(piece);
        used += sizes.title;
      }
      piece.weeks.push(week);
      used += sizes.week;
    });
  }
  return pages;
}

/** Rows may shrink to this share of their height to keep the whole calendar on one page. */
const SHRINK_TO_FIT = 0.8;

/**
 * The calendar of guesses as pages of month pieces, and the height of a week's row: the weeks from
 * the range's first day to its last flow from page to page (a month continues under its title
 * again). A calendar a little too long for one page gets shorter rows; a longer one is balanced
 * over its pages, so a short tail (three days of January) never gets a near-empty page of its own.
 */
export function planCalendarPages(
  months: KeepsakeMonth[],
  range: { first: string; last: string },
  sizes: CalendarSizes,
): { pages: CalendarPiece[][]; week: number } {
  const pieces = weeksInRange(months, range);
  const titles = pieces.length * sizes.title;
  const weeks = pieces.reduce((sum, piece) => sum + piece.weeks.length, 0);
  const fittingWeek = Math.min(sizes.week, (sizes.space.first - titles) / weeks);
  if (fittingWeek >= sizes.week * SHRINK_TO_FIT) return { pages: [pieces], week: fittingWeek };

  let best = fillPages(pieces, sizes, Number.POSITIVE_INFINITY);
  // The lowest page height that needs no more pages than the full one: every page about as full.
  for (let limit = sizes.space.next - sizes.week / 2; limit >= sizes.title + sizes.week; limit -= sizes.week / 2) {
    const balanced = fillPages(pieces, sizes, limit);
    if (balanced.length > best.length) break;
    best = balanced;
  }
  return { pages: best, week: sizes.week };
}
