import { SITE } from '@firstday/common/site';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import { FAQ_ENTRIES } from './faq-questions.ts';
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

describe('the FAQ as written', () => {
  const i18n = createServerI18n('en');
  const items = FAQ_ENTRIES.map((entry) => ({
    id: entry.id,
    question: i18n._(entry.question),
    answer: i18n._(entry.answer, { email: SITE.supportEmail, phone: SITE.phone, fee: '$20' }),
  }));
  const found = (query: string) => filterFaqItems(items, query).map((item) => item.id);

  it('answers how to change a guess, a wish or a gift, and how a refund works (issue 25)', () => {
    expect(found('change my gift')).toContain('change-contribution');
    expect(found('change my wish')).toContain('change-contribution');
    expect(found('refund')).toContain('change-contribution');
  });
});
