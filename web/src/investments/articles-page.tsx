import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../components/button.tsx';
import { buildPageMeta } from '../marketing/seo.ts';
import { SiteFooter } from '../marketing/site-footer.tsx';
import { SiteHeader } from '../marketing/site-header.tsx';
import type { Route } from './+types/articles-page';
import { ArticleCard } from './article-card.tsx';
import { ARTICLES } from './articles.ts';
import styles from './articles-page.module.css';
import { InvestmentDisclaimer } from './investment-disclaimer.tsx';

export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Articles – Firstday',
    description:
      'Plain-language articles for parents about saving and investing for a child: compound growth, starting early, fees, inflation and more.',
    path: '/articles',
  });

const ARTICLES_PER_PAGE = 6;

export default function ArticlesPage() {
  const [visibleCount, setVisibleCount] = useState(ARTICLES_PER_PAGE);
  const firstNewLinkRef = useRef<HTMLAnchorElement>(null);
  const visible = ARTICLES.slice(0, visibleCount);

  function showMore() {
    // Render the new cards first, then move focus to the first of them: the button may be gone by then.
    flushSync(() => setVisibleCount((count) => count + ARTICLES_PER_PAGE));
    firstNewLinkRef.current?.focus();
  }

  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Saving for your child</p>
          <h1 className={styles.title}>Articles</h1>
          <p className={styles.lead}>
            Calm, plain-language reading for new parents about money: how savings grow, why time matters, and how to
            think about the gifts your baby receives.
          </p>
          <InvestmentDisclaimer />
        </header>

        <ul className={styles.grid}>
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
            Showing {visible.length} of {ARTICLES.length} articles
          </p>
          {visibleCount < ARTICLES.length && (
            <Button variant="secondary" size="lg" onClick={showMore}>
              Show more
            </Button>
          )}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
