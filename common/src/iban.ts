/** IBAN rules: country length table (ISO 13616 registry) and the mod-97 checksum. */

const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Removes spaces and dashes and upper-cases: ' de89 3704-0044 ' → 'DE8937040044'. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

/** Why an IBAN is invalid, or undefined when it is valid. Expects a normalised IBAN. */
export function findIbanProblem(iban: string): IbanProblem | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'format';
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (!expectedLength) return 'country';
  if (iban.length !== expectedLength) return 'length';
  return computeMod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? undefined : 'checksum';
}

/** Letters count as 10–35; the remainder is computed piecewise so no big integers are needed. */
function computeMod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

export const IBAN_MESSAGES: Record<IbanProblem, string> = {
  format: 'An IBAN starts with a two-letter country code and two check digits, e.g. DE89 3704 0044 0532 0130 00.',
  country: 'This country code is not one that uses IBANs.',
  length: 'This IBAN has the wrong number of characters for its country.',
  checksum: 'This IBAN is not valid: please check it for typos.',
};

/** 'DE89370400440532013000' → 'DE89 3704 0044 0532 0130 00'. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Shows the country, check digits and last four characters only: 'DE89 •••• •••• •••• 3000'. */
export function maskIban(iban: string): string {
  const hiddenGroups = Math.max(1, Math.floor((iban.length - 8) / 4));
  return [iban.slice(0, 4), ...Array.from({ length: hiddenGroups }, () => '••••'), iban.slice(-4)].join(' ');
}
