import { localeFromPath } from '@firstday/common/locales';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { useT } from '../i18n/use-t.tsx';
import { prerenderTranslate } from '../marketing/prerender-texts.ts';
import { buildPageMeta } from '../marketing/seo.ts';
import { SiteFooter } from '../marketing/site-footer.tsx';
import { SiteHeader } from '../marketing/site-header.tsx';
import type { Route } from './+types/articles-page';
import { ArticleList } from './article-list.tsx';
import { loadArticles, toTeaser } from './articles.ts';
import styles from './articles-page.module.css';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';

export const handle: CataloguesHandle & LocalePrefixHandle = {
  catalogues: ['marketing', 'investments'],
  localeFromPath: true,
};

/** Build-time only (prerendered, once per language): the page's title and its article cards. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = prerenderTranslate(createServerI18n(locale));
  return {
    meta: buildPageMeta({
      title: t('prerender.articles.metaTitle'),
      description: t('prerender.articles.metaDescription'),
      path: '/articles',
      locale,
    }),
    articles: (await loadArticles(locale)).map(toTeaser),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t('investments.articles.eyebrow')}</p>
          <h1 className={styles.title}>{t('investments.articles.title')}</h1>
          <p className={styles.lead}>{t('investments.articles.lead')}</p>
          <InvestmentDisclaimer />
        </header>

        <ArticleList articles={loaderData.articles} />
      </main>
      <SiteFooter />
    </>
  );
}
