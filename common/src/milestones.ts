/** 'What If You Had Started Earlier?' calculator (spec section 9, transposition settled in PRODUCT.md). */

export const MILESTONE_AGES = [5, 10, 15] as const;
export const MILESTONE_AMOUNTS = [1000, 2000, 5000] as const;
/** Illustrative yearly return; the page labels it as an illustration with capital at risk. */
export const ILLUSTRATIVE_ANNUAL_RETURN = 0.08;

export type MilestoneAge = (typeof MILESTONE_AGES)[number];
export type MilestoneAmount = (typeof MILESTONE_AMOUNTS)[number];

/** Value of a one-off amount in whole dollars after `years` at the illustrative return. */
export function computeMilestoneValue(amountDollars: number, years: number): number {
  return Math.round(amountDollars * (1 + ILLUSTRATIVE_ANNUAL_RETURN) ** years);
}

const LABELS: Record<MilestoneAge, Record<MilestoneAmount, readonly [string, string, string]>> = {
  5: {
    1000: ['First music school', 'First bike', 'Hobbies'],
    2000: ['Musical instrument', 'Summer camp', 'Room renovation'],
    5000: ['Private preschool/school', 'Family vacation', 'Subscriptions'],
  },
  10: {
    1000: ['School camp', 'Tablet/laptop', 'Language courses'],
    2000: ['Trip abroad', 'Personal computer', 'Sports training'],
    5000: ['International travel', 'Study tech gear', 'Certified courses'],
  },
  15: {
    1000: ['Family weekend trip', 'First phone', 'Personal project'],
    2000: ['Academic competition', 'Startup seed fund', 'First scooter'],
    5000: ['College savings', 'First car down payment', 'Study abroad'],
  },
};

export function getMilestoneLabels(age: MilestoneAge, amount: MilestoneAmount): readonly [string, string, string] {
  return LABELS[age][amount];
}

/** The horizons shown for a calendar's own gifts: the milestone ages, then coming of age. */
export const GROWTH_YEARS = [...MILESTONE_AGES, 18] as const;

/**
 * What `amount` (minor units) could grow into after `years` at the illustrative return, rounded to
 * whole major units (the same rule as the calculators: amount × 1.08^years).
 */
export function projectGrowth(amount: number, years: number): number {
  return Math.round((amount * (1 + ILLUSTRATIVE_ANNUAL_RETURN) ** years) / 100) * 100;
}
