import { describe, expect, it } from 'vitest';
import { CardNumberSchema, CvcSchema, createExpirySchema, hasValidLuhnChecksum } from './cards.ts';

describe('card number', () => {
  it.each(['4242 4242 4242 4242', '4000000000000002', '4000 0000 0000 9995', '5555555555554444', '378282246310005'])(
    'accepts %s',
    (number) => {
      expect(CardNumberSchema.safeParse(number).success).toBe(true);
    },
  );

  it.each([
    ['4242 4242 4242 4241', 'This card number is not valid: please check it for typos.'],
    ['4242 4242 42', 'A card number has 13 to 19 digits.'],
    ['4242-4242-4242-4242', 'A card number has only digits and spaces.'],
    ['4242 4242 4242 4242 42', 'A card number has at most 19 characters.'],
    ['', 'Please enter the card number.'],
  ])('refuses %j', (number, message) => {
    expect(CardNumberSchema.safeParse(number).error?.issues[0]?.message).toBe(message);
  });

  it('computes the Luhn checksum', () => {
    expect(hasValidLuhnChecksum('79927398713')).toBe(true);
    expect(hasValidLuhnChecksum('79927398710')).toBe(false);
  });
});

describe('expiry', () => {
  const schema = createExpirySchema(() => new Date(Date.UTC(2026, 10, 22)));

  it('accepts this month and later', () => {
    expect(schema.safeParse('11/26').success).toBe(true);
    expect(schema.safeParse('01/27').success).toBe(true);
  });

  it('refuses the past and bad formats', () => {
    expect(schema.safeParse('10/26').error?.issues[0]?.message).toBe('This card has expired.');
    expect(schema.safeParse('13/27').error?.issues[0]?.message).toBe('Please enter the expiry date as MM/YY.');
    expect(schema.safeParse('1/27').error?.issues[0]?.message).toBe('Please enter the expiry date as MM/YY.');
  });
});

describe('CVS', () => {
  it('needs exactly three digits', () => {
    expect(CvcSchema.safeParse('123').success).toBe(true);
    expect(CvcSchema.safeParse('12').success).toBe(false);
    expect(CvcSchema.safeParse('1234').success).toBe(false);
  });
});
