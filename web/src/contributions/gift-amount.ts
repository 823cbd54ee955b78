/** Dollars typed by a person ↔ integer cents sent to the API. */

/**
 * '25' → 2500, '$1,250.5' → 125050, '' → null. Anything that is not a plain amount with at most two
 * decimals is NaN, so the schema's 'Please enter an amount in dollars.' applies.
 */
export function parseDollarsToCents(input: string): number | null {
  const cleaned = input.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** 2500 → '25', 125050 → '1250.50': the value a custom-amount field shows for cents. */
export function formatCentsForInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
