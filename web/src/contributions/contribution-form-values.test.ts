import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import {
  type ContributionFormValues,
  createContributionFormSchema,
  EMPTY_CONTRIBUTION,
  readGift,
} from './contribution-form-values.ts';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);
const schema = createContributionFormSchema({
  asks: { time: true, weight: true },
  locale: 'en',
  currency: 'eur',
  t,
});

function check(values: Partial<ContributionFormValues>) {
  return schema.safeParse({ ...EMPTY_CONTRIBUTION, ...values });
}

function messages(values: Partial<ContributionFormValues>): Record<string, string> {
  const result = check(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

const FILLED = { name: ' Ann ', email: ' ann@example.com ', wish: ' Hello! ' };

describe('the contribution form values', () => {
  it('reads a preset, no gift, and Other amount in the page language', () => {
    expect(readGift({ choice: 'none', text: '12' }, { locale: 'en', currency: 'eur' }).amount).toBeNull();
    expect(readGift({ choice: '2500', text: '' }, { locale: 'en', currency: 'eur' }).amount).toBe(2500);
    expect(readGift({ choice: 'custom', text: '37,50' }, { locale: 'de', currency: 'eur' }).amount).toBe(3750);
    expect(readGift({ choice: 'custom', text: '1.000' }, { locale: 'en', currency: 'eur' }).reading?.kind).toBe(
      'ambiguous',
    );
  });

  it('sends what was typed, trimmed, with the fun guesses the calendar asks for', () => {
    const result = check({
      ...FILLED,
      guessedTimeMinutes: '23:50',
      guessedWeight: { unit: 'g', grams: '3300', pounds: '', ounces: '' },
      giftAmount: { choice: '1000', text: '' },
    });
    expect(result.success && result.data).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      wish: 'Hello!',
      guessedTimeMinutes: 1430,
      guessedWeight: { unit: 'g', grams: 3300 },
      giftAmount: 1000,
    });
  });

  it("says each field's problem once, in the guest's words", () => {
    expect(
      messages({
        giftAmount: { choice: 'custom', text: '' },
        guessedWeight: { ...EMPTY_CONTRIBUTION.guessedWeight, grams: 'x' },
      }),
    ).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      wish: 'Please write a wish.',
      giftAmount: 'Please enter an amount in euros.',
      guessedWeight: expect.any(String),
    });
    expect(messages({ ...FILLED, giftAmount: { choice: 'custom', text: '$20' } })).toEqual({
      giftAmount: 'This calendar takes gifts in euros.',
    });
  });
});
