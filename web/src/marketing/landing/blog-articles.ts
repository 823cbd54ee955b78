import type { Article } from '../../investments/articles.ts';

/** What a blog card needs: everything but the body, so the page's data stays small. */
export type ArticleTeaser = Pick<Article, 'slug' | 'title' | 'summary' | 'publishedOn' | 'image'>;

const DAY_MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The `count` most recently published articles, newest first, without their bodies. */
export function selectNewestArticles(articles: readonly Article[], count: number): ArticleTeaser[] {
  return [...articles]
    .sort((a, b) => b.publishedOn.localeCompare(a.publishedOn))
    .slice(0, count)
    .map(({ slug, title, summary, publishedOn, image }) => ({ slug, title, summary, publishedOn, image }));
}

/** An ISO date as the blog shows it, e.g. '2024-12-13' → 'December 13'. */
export function formatArticleDate(isoDate: string): string {
  return DAY_MONTH.format(new Date(`${isoDate}T00:00:00Z`));
}
