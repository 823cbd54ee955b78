import type { Locale } from '@firstday/common/locales';
import { typeset } from '../lib/typeset.ts';

/**
 * Articles about saving and investing for a child, shown on /articles (in every language), on
 * /investments and in the landing's blog teaser. Their slugs and dates are here; their words are in
 * one file per language (`articles/<locale>.ts`), which the type below makes list every slug.
 */
const PUBLICATIONS = [
  { slug: 'birth-gifts-first-investment', publishedOn: '2025-12-13' },
  { slug: 'compound-growth-explained', publishedOn: '2025-12-12' },
  { slug: 'starting-early', publishedOn: '2025-12-10' },
  { slug: 'emergency-fund-new-parents', publishedOn: '2025-11-20' },
  { slug: 'talking-about-money-gifts', publishedOn: '2025-10-28' },
  { slug: 'inflation-and-savings', publishedOn: '2025-09-16' },
  { slug: 'diversification-basics', publishedOn: '2025-08-05' },
  { slug: 'fees-matter', publishedOn: '2025-06-24' },
  { slug: 'accounts-for-children', publishedOn: '2025-05-13' },
] as const;

export type ArticleSlug = (typeof PUBLICATIONS)[number]['slug'];

/** An article's words in one language; plain text, one string per paragraph. */
export type ArticleText = { title: string; summary: string; imageAlt: string; body: readonly string[] };
export type ArticleTexts = Readonly<Record<ArticleSlug, ArticleText>>;

export type Article = {
  slug: string;
  title: string;
  /** One or two sentences shown on cards. */
  summary: string;
  /** ISO date of publication. */
  publishedOn: string;
  image: { src: string; alt: string };
  /** Body paragraphs; plain text. */
  body: readonly string[];
};

/** What a card needs: everything but the body, so a page's data stays small. */
export type ArticleTeaser = Omit<Article, 'body'>;

const NEWEST_FIRST = [...PUBLICATIONS].sort((a, b) => b.publishedOn.localeCompare(a.publishedOn));

/** Every slug, newest first, as every list and the landing's blog teaser show them. */
export const ARTICLE_SLUGS: readonly ArticleSlug[] = NEWEST_FIRST.map((publication) => publication.slug);

// A language's texts load only when a page in that language asks for them.
const TEXTS: Record<Locale, () => Promise<{ ARTICLE_TEXTS: ArticleTexts }>> = {
  en: () => import('./articles/en.ts'),
  de: () => import('./articles/de.ts'),
  ru: () => import('./articles/ru.ts'),
};

const loaded = new Map<Locale, Promise<readonly Article[]>>();

/** Every article in a language, newest first, with the language's non-breaking spaces set. */
export function loadArticles(locale: Locale): Promise<readonly Article[]> {
  let articles = loaded.get(locale);
  if (!articles) {
    articles = TEXTS[locale]().then(({ ARTICLE_TEXTS }) =>
      NEWEST_FIRST.map(({ slug, publishedOn }) => {
        const text = ARTICLE_TEXTS[slug];
        return {
          slug,
          title: typeset(text.title, locale),
          summary: typeset(text.summary, locale),
          publishedOn,
          image: { src: `/images/articles/${slug}.svg`, alt: typeset(text.imageAlt, locale) },
          body: text.body.map((paragraph) => typeset(paragraph, locale)),
        };
      }),
    );
    loaded.set(locale, articles);
  }
  return articles;
}

export function findArticle(articles: readonly Article[], slug: string | undefined): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

export function toTeaser({ slug, title, summary, publishedOn, image }: Article): ArticleTeaser {
  return { slug, title, summary, publishedOn, image };
}

export function countWords(article: Article): number {
  return article.body.join(' ').split(/\s+/).filter(Boolean).length;
}

/** At an unhurried 200 words a minute. */
export function getReadingMinutes(article: Article): number {
  return Math.max(1, Math.round(countWords(article) / 200));
}
