import { describe, expect, it } from 'vitest';
import { testimonials } from './landing-content.ts';

const translate = (id: string) => id;

describe('the landing stories', () => {
  it('keep the specification’s amounts in English and write them as German and Russian write dollars', () => {
    const prices = (locale: 'en' | 'de' | 'ru') => testimonials(translate, locale).map((story) => story.price);
    expect(prices('en')).toEqual(['980$', '350$', '1 200$']);
    expect(prices('de')).toEqual([
      expect.stringMatching(/^980\s\$$/),
      expect.stringMatching(/^350\s\$$/),
      expect.stringMatching(/^1\.200\s\$$/),
    ]);
    expect(prices('ru')).toEqual([
      expect.stringMatching(/^980\s\$$/),
      expect.stringMatching(/^350\s\$$/),
      expect.stringMatching(/^1\s200\s\$$/),
    ]);
  });
});
