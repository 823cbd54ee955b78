import { describe, expect, it } from 'vitest';
import { createDueDateSchema, getLatestDueDate } from './calendars.ts';

describe('due date', () => {
  const schema = createDueDateSchema(() => '2026-11-22');

  it('accepts today up to ten months ahead', () => {
    expect(schema.safeParse('2026-11-22').success).toBe(true);
    expect(schema.safeParse('2027-09-22').success).toBe(true);
  });

  it('refuses the past, later than ten months and non-dates', () => {
    expect(schema.safeParse('2026-11-21').error?.issues[0]?.message).toBe(
      'The expected birth date cannot be in the past.',
    );
    expect(schema.safeParse('2027-09-23').error?.issues[0]?.message).toBe(
      'The expected birth date can be at most 10 months ahead.',
    );
    expect(schema.safeParse('22.11.2026').success).toBe(false);
  });

  it('clamps to the end of a shorter month', () => {
    expect(getLatestDueDate('2026-04-30')).toBe('2027-02-28');
  });
});
