import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate } from './format-date.ts';

describe('formatLongDate', () => {
  it('prints the calendar date without shifting by time zone', () => {
    expect(formatLongDate('2025-12-13')).toBe('December 13, 2025');
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
  });
});

describe('formatDateTime', () => {
  it('prints date and time in the given time zone', () => {
    expect(formatDateTime('2026-11-24T12:02:00Z', 'UTC')).toBe('November 24, 2026 at 12:02 PM');
    expect(formatDateTime('2026-11-24T12:02:00Z', 'America/New_York')).toBe('November 24, 2026 at 7:02 AM');
  });
});
