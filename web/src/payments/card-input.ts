/** Input formatting of the payment step's card fields (specification: number ≤ 19, expiry 5, CVS 3). */

export const CARD_NUMBER_MAX_LENGTH = 19;
export const EXPIRY_MAX_LENGTH = 5;
export const CVC_LENGTH = 3;

function keepDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Groups of four as typed: '4242424242424242' → '4242 4242 4242 4242' (19 characters). Longer card
 * numbers (17–19 digits) would not fit the 19 characters with spaces, so they are shown without them.
 */
export function formatCardNumberInput(value: string): string {
  const digits = keepDigits(value).slice(0, CARD_NUMBER_MAX_LENGTH);
  if (digits.length > 16) return digits;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * 'MM/YY' with the slash added once the month is complete. A lone first digit above 1 can only be
 * a month with a leading zero ('4' → '04/'). Deleting never re-adds the slash, so Backspace works.
 */
export function formatExpiryInput(value: string, previous = ''): string {
  let digits = keepDigits(value).slice(0, 4);
  const deleting = value.length < previous.length;
  if (!deleting && digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits}/`;
  return digits;
}

export function formatCvcInput(value: string): string {
  return keepDigits(value).slice(0, CVC_LENGTH);
}
