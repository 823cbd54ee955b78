import { z } from 'zod';

/** Card fields of the payment step (specification: number ≤ 19 characters, expiry 5, CVS 3). */

export function hasValidLuhnChecksum(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CardNumberSchema = z
  .string({ error: 'Please enter the card number.' })
  .min(1, 'Please enter the card number.')
  .max(19, 'A card number has at most 19 characters.')
  .regex(/^[\d ]+$/, 'A card number has only digits and spaces.')
  .transform((value) => value.replace(/ /g, ''))
  .refine((digits) => digits.length >= 13 && digits.length <= 19, 'A card number has 13 to 19 digits.')
  .refine(hasValidLuhnChecksum, 'This card number is not valid: please check it for typos.');

/** 'MM/YY', not before the current month. `now` is injectable for tests. */
export function createExpirySchema(now: () => Date = () => new Date()) {
  return z
    .string({ error: 'Please enter the expiry date.' })
    .min(1, 'Please enter the expiry date.')
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Please enter the expiry date as MM/YY.')
    .refine((value) => {
      const [month, year] = value.split('/').map(Number) as [number, number];
      const today = now();
      const current = today.getUTCFullYear() % 100;
      return year > current || (year === current && month >= today.getUTCMonth() + 1);
    }, 'This card has expired.');
}

export const CvcSchema = z
  .string({ error: 'Please enter the CVS.' })
  .regex(/^\d{3}$/, 'The CVS is the 3 digits on the back of the card.');

export const CardholderNameSchema = z
  .string({ error: "Please enter the cardholder's name." })
  .trim()
  .min(1, "Please enter the cardholder's name.")
  .max(100, 'A name can be at most 100 characters.');

export const CardDetailsSchema = z.object({
  number: CardNumberSchema,
  holderName: CardholderNameSchema,
  expiry: createExpirySchema(),
  cvc: CvcSchema,
});
export type CardDetails = z.input<typeof CardDetailsSchema>;
