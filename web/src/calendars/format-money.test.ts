import { describe, expect, it } from 'vitest';
import { formatDollars } from './format-money.ts';

describe('formatDollars', () => {
  it('shows whole dollars without cents', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(2000)).toBe('$20');
    expect(formatDollars(125_000)).toBe('$1,250');
  });

  it('shows cents when there are some', () => {
    expect(formatDollars(1250)).toBe('$12.50');
    expect(formatDollars(100_001)).toBe('$1,000.01');
  });
});
