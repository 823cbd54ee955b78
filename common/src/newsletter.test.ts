import { describe, expect, it } from 'vitest';
import { SubscribeRequestSchema } from './newsletter.ts';

describe('SubscribeRequestSchema', () => {
  it('accepts and normalises a valid address', () => {
    expect(SubscribeRequestSchema.parse({ email: '  Anna.Smith@Example.COM ' })).toEqual({
      email: 'anna.smith@example.com',
    });
  });

  it.each([
    ['', 'Please enter your e-mail address.'],
    ['anna', 'Please enter a valid e-mail address, like name@example.com.'],
    ['anna@', 'Please enter a valid e-mail address, like name@example.com.'],
    ['anna@example', 'Please enter a valid e-mail address, like name@example.com.'],
    [`${'a'.repeat(250)}@example.com`, 'An e-mail address can be at most 254 characters.'],
  ])('refuses %j', (email, message) => {
    const result = SubscribeRequestSchema.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a missing or non-string e-mail', () => {
    expect(SubscribeRequestSchema.safeParse({}).success).toBe(false);
    expect(SubscribeRequestSchema.safeParse({ email: 42 }).success).toBe(false);
  });
});
