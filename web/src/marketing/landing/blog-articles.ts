import { type Article, type ArticleTeaser, toTeaser } from '../../investments/articles.ts';

/** The `count` most recently published articles, newest first, without their bodies. */
export function selectNewestArticles(articles: readonly Article[], count: number): ArticleTeaser[] {
  return [...articles]
    .sort((a, b) => b.publishedOn.localeCompare(a.publishedOn))
    .slice(0, count)
    .map(toTeaser);
}
