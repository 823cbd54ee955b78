import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import { ArticleCard } from './article-card.tsx';
import styles from './article-list.module.css';
import type { ArticleTeaser } from './articles.ts';

const ARTICLES_PER_PAGE = 6;

/** Every article as a card, a page at a time, with 'Show more'; on /articles and on /investments. */
export function ArticleList({ articles, label }: { articles: readonly ArticleTeaser[]; label?: string }) {
  const t = useT();
  const [visibleCount, setVisibleCount] = useState(ARTICLES_PER_PAGE);
  const firstNewLinkRef = useRef<HTMLAnchorElement>(null);
  const visible = articles.slice(0, visibleCount);

  function showMore() {
    // Render the new cards first, then move focus to the first of them: the button may be gone by then.
    flushSync(() => setVisibleCount((count) => count + ARTICLES_PER_PAGE));
    firstNewLinkRef.current?.focus();
  }

  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {visible.map((article, index) => (
          <li key={article.slug}>
            <ArticleCard
              article={article}
              eagerImage={index < 3}
              linkRef={index === visibleCount - ARTICLES_PER_PAGE ? firstNewLinkRef : undefined}
            />
          </li>
        ))}
      </ul>

      <div className={styles.footer}>
        <p className={styles.count} aria-live="polite">
          {t('investments.list.showing', { visible: visible.length, total: articles.length })}
        </p>
        {visibleCount < articles.length && (
          <Button variant="secondary" size="lg" onClick={showMore}>
            {t('investments.list.showMore')}
          </Button>
        )}
      </div>
    </>
  );
}
