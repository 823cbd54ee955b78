const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole dollars for display, e.g. 1469 → '$1,469'. */
export function formatDollars(amountDollars: number): string {
  return DOLLARS.format(amountDollars);
}
