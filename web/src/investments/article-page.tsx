import { formatLongDate } from '@firstday/common/format';
import { localeFromPath } from '@firstday/common/locales';
import { Link } from 'react-router';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { useLocale, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import { NotFoundView } from '../marketing/not-found-view.tsx';
import { buildPageMeta } from '../marketing/seo.ts';
import { SiteFooter } from '../marketing/site-footer.tsx';
import { SiteHeader } from '../marketing/site-header.tsx';
import { ChevronLeftIcon } from '../marketing/site-icons.tsx';
import type { Route } from './+types/article-page';
import { ArticleCard } from './article-card.tsx';
import styles from './article-page.module.css';
import { findArticle, getReadingMinutes, loadArticles, toTeaser } from './articles.ts';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';

export const handle: CataloguesHandle & LocalePrefixHandle = {
  catalogues: ['marketing', 'investments'],
  localeFromPath: true,
};

/** Build-time only (prerendered, once per language and article): the article in the URL's language. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const articles = await loadArticles(locale);
  const article = findArticle(articles, params.slug);
  if (!article) return { article: undefined, others: [], meta: [{ name: 'robots', content: 'noindex' }] };
  return {
    article,
    others: articles
      .filter((other) => other.slug !== article.slug)
      .slice(0, 3)
      .map(toTeaser),
    meta: [
      ...buildPageMeta({
        title: `${article.title} – Firstday`,
        description: article.summary,
        path: `/articles/${article.slug}`,
        locale,
      }).filter((tag) => !('property' in tag && tag.property === 'og:type')),
      { property: 'og:type', content: 'article' },
      { property: 'article:published_time', content: article.publishedOn },
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function ArticlePage({ loaderData: { article, others } }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const localized = useLocalizedPath();
  if (!article) return <NotFoundView />;

  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        <article className={styles.article}>
          <Link to={localized('/articles')} className={styles.back}>
            <ChevronLeftIcon size={18} />
            {t('investments.article.allArticles')}
          </Link>
          <header>
            <p className={styles.meta}>
              <time dateTime={article.publishedOn}>{formatLongDate(article.publishedOn, locale)}</time>
              <span aria-hidden="true">·</span>
              <span>{t('investments.article.minRead', { minutes: getReadingMinutes(article) })}</span>
            </p>
            <h1 className={styles.title}>{article.title}</h1>
            <p className={styles.lead}>{article.summary}</p>
          </header>
          <img
            className={styles.image}
            src={article.image.src}
            alt={article.image.alt}
            width={640}
            height={400}
            fetchPriority="high"
          />
          <div className={styles.body}>
            {article.body.map((paragraph) => (
              <p key={paragraph.slice(0, 48)}>{paragraph}</p>
            ))}
          </div>
          <InvestmentDisclaimer />
        </article>

        <section className={styles.more} aria-labelledby="more-articles">
          <h2 id="more-articles" className={styles.moreTitle}>
            {t('investments.article.moreArticles')}
          </h2>
          <ul className={styles.moreGrid}>
            {others.map((other) => (
              <li key={other.slug}>
                <ArticleCard article={other} headingLevel={3} />
              </li>
            ))}
          </ul>
          <Link to={localized('/articles')} className={styles.allLink}>
            {t('investments.article.seeAll')}
          </Link>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
