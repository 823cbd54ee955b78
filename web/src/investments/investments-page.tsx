import { PageHeader } from '../shell/page-header.tsx';
import { ArticleList } from './article-list.tsx';
import { GiftGrowth } from './gift-growth.tsx';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';
import styles from './investments-page.module.css';

export function meta() {
  return [{ title: 'Investments – Firstday' }];
}

export default function InvestmentsPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Investments"
        lead="Plain-language reading about saving for your child: how money grows, why time matters, and what to do with birth gifts."
      />
      <GiftGrowth />
      <InvestmentDisclaimer />

      <ArticleList label="Articles" />
    </div>
  );
}
