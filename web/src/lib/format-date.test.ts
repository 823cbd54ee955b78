import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date.ts';

describe('formatLongDate', () => {
  it('prints the calendar date without shifting by time zone', () => {
    expect(formatLongDate('2025-12-13')).toBe('December 13, 2025');
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
  });
});
