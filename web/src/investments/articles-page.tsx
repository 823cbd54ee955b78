import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { useT } from '../i18n/use-t.tsx';
import { buildPageMeta } from '../marketing/seo.ts';
import { SiteFooter } from '../marketing/site-footer.tsx';
import { SiteHeader } from '../marketing/site-header.tsx';
import type { Route } from './+types/articles-page';
import { ArticleList } from './article-list.tsx';
import styles from './articles-page.module.css';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';

export const handle: CataloguesHandle = { catalogues: ['marketing', 'investments'] };
export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Articles – Firstday',
    description:
      'Plain-language articles for parents about saving and investing for a child: compound growth, starting early, fees, inflation and more.',
    path: '/articles',
  });

export default function ArticlesPage() {
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

        <ArticleList />
      </main>
      <SiteFooter />
    </>
  );
}
