import { describe, expect, it } from 'vitest';
import {
  computeMilestoneValue,
  GROWTH_YEARS,
  getMilestoneLabels,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  projectGrowth,
} from './milestones.ts';

describe('computeMilestoneValue', () => {
  // amount × 1.08^years, rounded to whole dollars (PRODUCT.md).
  it.each([
    [1000, 5, 1469],
    [2000, 5, 2939],
    [5000, 5, 7347],
    [1000, 10, 2159],
    [2000, 10, 4318],
    [5000, 10, 10795],
    [1000, 15, 3172],
    [2000, 15, 6344],
    [5000, 15, 15861],
  ])('$%i after %i years is $%i', (amount, years, expected) => {
    expect(computeMilestoneValue(amount, years)).toBe(expected);
  });
});

describe('getMilestoneLabels', () => {
  it('has three distinct labels for each of the nine pairs', () => {
    const all = new Set<string>();
    for (const age of MILESTONE_AGES) {
      for (const amount of MILESTONE_AMOUNTS) {
        const labels = getMilestoneLabels(age, amount);
        expect(new Set(labels).size).toBe(3);
        for (const label of labels) all.add(label);
      }
    }
    expect(all.size).toBe(27);
  });

  it('matches the specification for the first and last pair', () => {
    expect(getMilestoneLabels(5, 1000)).toEqual(['First music school', 'First bike', 'Hobbies']);
    expect(getMilestoneLabels(15, 5000)).toEqual(['College savings', 'First car down payment', 'Study abroad']);
  });
});

describe('projectGrowth', () => {
  it('grows a calendar’s amount (minor units) by 8% a year, to whole major units', () => {
    // $350 × 1.08^5 = $514.27 → $514; × 1.08^18 = $1,398.61 → $1,399.
    expect(projectGrowth(35_000, 5)).toBe(51_400);
    expect(projectGrowth(35_000, 18)).toBe(139_900);
    expect(projectGrowth(12_345, 0)).toBe(12_300);
  });

  it('agrees with the calculators for whole dollars', () => {
    for (const years of GROWTH_YEARS)
      expect(projectGrowth(100_000, years)).toBe(computeMilestoneValue(1000, years) * 100);
  });
});
