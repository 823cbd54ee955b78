/** Anything with a question and an answer can be searched. */
export type Searchable = { question: string; answer: string };

/**
 * Lower-case, strip accents and punctuation, collapse spaces: so 'Café?' finds 'cafe' and
 * 'e-mail' finds 'email'.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`-]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Items whose question or answer contains every word of the query, in any order; all items for an empty query. */
export function filterFaqItems<T extends Searchable>(items: readonly T[], query: string): T[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalizeSearchText(`${item.question} ${item.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
