import { describe, expect, it } from 'vitest';
import { ARTICLES, countWords, findArticle } from './articles.ts';

describe('ARTICLES', () => {
  it('has at least nine articles, newest first, with the teaser dates on top', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(9);
    const dates = ARTICLES.map((article) => article.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.slice(0, 3)).toEqual(['2025-12-13', '2025-12-12', '2025-12-10']);
    for (const date of dates.slice(3)) expect(date < '2025-12-10' && date >= '2025-01-01').toBe(true);
  });

  it('uses unique, URL-safe slugs and images named after them', () => {
    const slugs = ARTICLES.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const article of ARTICLES) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.image.src).toBe(`/images/articles/${article.slug}.svg`);
      expect(article.image.alt).not.toBe('');
    }
  });

  it('keeps every article between 350 and 600 words', () => {
    for (const article of ARTICLES) {
      const words = countWords(article);
      expect(words, article.slug).toBeGreaterThanOrEqual(350);
      expect(words, article.slug).toBeLessThanOrEqual(600);
    }
  });

  it('finds an article by slug', () => {
    expect(findArticle('starting-early')?.title).toMatch(/Starting Early/);
    expect(findArticle('nope')).toBeUndefined();
    expect(findArticle(undefined)).toBeUndefined();
  });
});
