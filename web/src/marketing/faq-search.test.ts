import { describe, expect, it } from 'vitest';
import { filterFaqItems, normalizeSearchText } from './faq-search.ts';

const ITEMS = [
  { question: 'What is Firstday?', answer: 'A birth calendar for family and friends.' },
  { question: 'How much does it cost?', answer: 'A one-time fee of $20 per calendar.' },
  { question: 'Is my payment safe?', answer: 'Card details go straight to the payment provider.' },
  { question: 'Can I write a message?', answer: 'Yes, add a personal message to your gift — like a café note.' },
];

describe('filterFaqItems', () => {
  it('returns every item for an empty or blank query', () => {
    expect(filterFaqItems(ITEMS, '')).toEqual(ITEMS);
    expect(filterFaqItems(ITEMS, '   ?! ')).toEqual(ITEMS);
  });

  it('matches words in the question', () => {
    expect(filterFaqItems(ITEMS, 'cost')).toEqual([ITEMS[1]]);
  });

  it('matches words in the answer', () => {
    expect(filterFaqItems(ITEMS, 'provider')).toEqual([ITEMS[2]]);
  });

  it('ignores case, accents and punctuation', () => {
    expect(filterFaqItems(ITEMS, 'FIRSTDAY')).toEqual([ITEMS[0]]);
    expect(filterFaqItems(ITEMS, 'cafe')).toEqual([ITEMS[3]]);
    expect(filterFaqItems(ITEMS, 'Café')).toEqual([ITEMS[3]]);
    expect(filterFaqItems(ITEMS, 'onetime')).toEqual([ITEMS[1]]);
    expect(filterFaqItems(ITEMS, 'one-time fee!')).toEqual([ITEMS[1]]);
  });

  it('needs every word of a multi-word query, in any order', () => {
    expect(filterFaqItems(ITEMS, 'calendar fee')).toEqual([ITEMS[1]]);
    expect(filterFaqItems(ITEMS, 'friends birth')).toEqual([ITEMS[0]]);
    expect(filterFaqItems(ITEMS, 'calendar')).toEqual([ITEMS[0], ITEMS[1]]);
  });

  it('returns an empty list when nothing matches', () => {
    expect(filterFaqItems(ITEMS, 'lottery')).toEqual([]);
    expect(filterFaqItems(ITEMS, 'calendar lottery')).toEqual([]);
  });
});

describe('normalizeSearchText', () => {
  it('folds accents and punctuation to plain words', () => {
    expect(normalizeSearchText('  Crème  Brûlée, e-mail! ')).toBe('creme brulee email');
  });
});
