import { use } from 'react';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { ArticleList } from './article-list.tsx';
import { loadArticles } from './articles.ts';
import { GiftGrowth } from './gift-growth.tsx';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';
import styles from './investments-page.module.css';

export function meta() {
  return [{ title: 'Investments – Firstday' }];
}

export default function InvestmentsPage() {
  const t = useT();
  // Suspends until the reader's language's articles have loaded (a chunk of their own).
  const articles = use(loadArticles(useLocale()));
  return (
    <div className={styles.page}>
      <PageHeader title={t('investments.page.title')} lead={t('investments.page.lead')} />
      <GiftGrowth />
      <InvestmentDisclaimer />

      <ArticleList articles={articles} label={t('investments.page.articles')} />
    </div>
  );
}
