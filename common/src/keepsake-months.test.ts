import { describe, expect, it } from 'vitest';
import { getKeepsakeMonths } from './keepsake-months.ts';

describe('getKeepsakeMonths', () => {
  it('covers every month of the window with Sunday-first weeks', () => {
    const months = getKeepsakeMonths('2026-04-06', '2026-05-18');
    expect(months.map((month) => month.title)).toEqual(['April 2026', 'May 2026']);
    // April 1, 2026 is a Wednesday.
    expect(months[0]!.weeks[0]).toEqual([null, null, null, '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
    expect(months[1]!.weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('starts the weeks on Monday in German and Russian', () => {
    const [april] = getKeepsakeMonths('2026-04-06', '2026-04-30', 'de-DE');
    expect(april!.title).toBe('April 2026');
    expect(april!.weeks[0]).toEqual([null, null, '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05']);
  });

  it('crosses a year', () => {
    expect(getKeepsakeMonths('2026-12-20', '2027-01-10').map((month) => month.key)).toEqual(['2026-12', '2027-01']);
  });
});
