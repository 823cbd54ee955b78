import { formatLongDate } from '@firstday/common/format';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { useLocale, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import styles from './article-card.module.css';
import type { ArticleTeaser } from './articles.ts';

type ArticleCardProps = {
  article: ArticleTeaser;
  /** h2 in a page's main list, h3 under another section heading. */
  headingLevel?: 2 | 3;
  /** Lets a list move focus to a card revealed by 'Show more'. */
  linkRef?: Ref<HTMLAnchorElement>;
  /** Cards above the fold load their image at once; the rest wait until scrolled near. */
  eagerImage?: boolean;
};

/** Image, date, title and summary; the whole card is clickable through the title link. */
export function ArticleCard({ article, headingLevel = 2, linkRef, eagerImage = false }: ArticleCardProps) {
  const t = useT();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <img
        className={styles.image}
        src={article.image.src}
        // The title says what the card is about; the picture is decoration here.
        alt=""
        width={640}
        height={400}
        loading={eagerImage ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.body}>
        <time className={styles.date} dateTime={article.publishedOn}>
          {formatLongDate(article.publishedOn, locale)}
        </time>
        <Heading className={styles.title}>
          <Link ref={linkRef} to={localized(`/articles/${article.slug}`)} className={styles.link}>
            {article.title}
          </Link>
        </Heading>
        <p className={styles.summary}>{article.summary}</p>
        <span className={styles.more} aria-hidden="true">
          {t('investments.card.readArticle')}
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="M3 8h9M8.5 4 12.5 8l-4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </span>
      </div>
    </article>
  );
}
