import type { Article } from '../../investments/articles.ts';

/** What a blog card needs: everything but the body, so the page's data stays small. */
export type ArticleTeaser = Pick<Article, 'slug' | 'title' | 'summary' | 'publishedOn' | 'image'>;

/** The `count` most recently published articles, newest first, without their bodies. */
export function selectNewestArticles(articles: readonly Article[], count: number): ArticleTeaser[] {
  return [...articles]
    .sort((a, b) => b.publishedOn.localeCompare(a.publishedOn))
    .slice(0, count)
    .map(({ slug, title, summary, publishedOn, image }) => ({ slug, title, summary, publishedOn, image }));
}
