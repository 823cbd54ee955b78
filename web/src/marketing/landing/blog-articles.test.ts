import { describe, expect, it } from 'vitest';
import type { Article } from '../../investments/articles.ts';
import { selectNewestArticles } from './blog-articles.ts';

function makeArticle(slug: string, publishedOn: string): Article {
  return { slug, title: slug, summary: '', publishedOn, image: { src: '', alt: '' }, body: [] };
}

describe('selectNewestArticles', () => {
  it('returns the newest articles first and no more than asked', () => {
    const articles = [
      makeArticle('a', '2024-12-10'),
      makeArticle('b', '2025-01-05'),
      makeArticle('c', '2024-12-13'),
      makeArticle('d', '2024-12-12'),
    ];
    expect(selectNewestArticles(articles, 3).map((article) => article.slug)).toEqual(['b', 'c', 'd']);
  });

  it('leaves the bodies out', () => {
    expect(selectNewestArticles([makeArticle('a', '2024-12-10')], 3)[0]).not.toHaveProperty('body');
  });

  it('copes with fewer articles than asked', () => {
    expect(selectNewestArticles([], 3)).toEqual([]);
  });
});
