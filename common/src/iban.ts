/** IBAN rules (ibantools), formatting and masking. */
import { ValidationErrorsIBAN, validateIBAN } from 'ibantools';

/** Removes spaces and dashes and upper-cases: ' de89 3704-0044 ' → 'DE8937040044'. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

/**
 * Why an IBAN is invalid, or undefined when it is valid. Expects a normalised IBAN. The rules are
 * ibantools': every country and territory it knows (the ISO 13616 registry and more), the BBAN's
 * format per country, the national check digits where a country has them (Belgium, France, Spain,
 * Norway, Poland, …) and the mod-97 checksum.
 */
export function findIbanProblem(iban: string): IbanProblem | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'format';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'country';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'length';
  // A BBAN of the wrong shape for its country, a wrong national check digit or a wrong mod-97
  // checksum: all most likely a typo.
  return errorCodes.length > 0 ? 'checksum' : undefined;
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
