import { useT } from '../i18n/use-t.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { ArticleList } from './article-list.tsx';
import { GiftGrowth } from './gift-growth.tsx';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';
import styles from './investments-page.module.css';

export function meta() {
  return [{ title: 'Investments – Firstday' }];
}

export default function InvestmentsPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <PageHeader title={t('investments.page.title')} lead={t('investments.page.lead')} />
      <GiftGrowth />
      <InvestmentDisclaimer />

      <ArticleList label={t('investments.page.articles')} />
    </div>
  );
}
