import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../components/button.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { ArticleCard } from './article-card.tsx';
import { ARTICLES } from './articles.ts';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';
import styles from './investments-page.module.css';

const INVESTMENT_ARTICLES_PER_PAGE = 6;

export function meta() {
  return [{ title: 'Investments – Firstday' }];
}

export default function InvestmentsPage() {
  const [visibleCount, setVisibleCount] = useState(INVESTMENT_ARTICLES_PER_PAGE);
  const firstNewLinkRef = useRef<HTMLAnchorElement>(null);
  const visible = ARTICLES.slice(0, visibleCount);

  function showMore() {
    // Render the new cards first, then move focus to the first of them: the button may be gone by then.
    flushSync(() => setVisibleCount((count) => count + INVESTMENT_ARTICLES_PER_PAGE));
    firstNewLinkRef.current?.focus();
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Investments"
        lead="Plain-language reading about saving for your child: how money grows, why time matters, and what to do with birth gifts."
      />
      <InvestmentDisclaimer />

      <ul className={styles.grid} aria-label="Articles">
        {visible.map((article, index) => (
          <li key={article.slug}>
            <ArticleCard
              article={article}
              eagerImage={index < 3}
              linkRef={index === visibleCount - INVESTMENT_ARTICLES_PER_PAGE ? firstNewLinkRef : undefined}
            />
          </li>
        ))}
      </ul>

      <div className={styles.footer}>
        <p className={styles.count} aria-live="polite">
          Showing {visible.length} of {ARTICLES.length} articles
        </p>
        {visibleCount < ARTICLES.length && (
          <Button variant="secondary" size="lg" onClick={showMore}>
            Show more
          </Button>
        )}
      </div>
    </div>
  );
}
