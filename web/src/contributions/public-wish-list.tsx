import type { PublicWish } from '@firstday/common/contributions';
import { formatLongDate, formatMonthDay } from '@firstday/common/format';
import type { ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { getInitials } from './display-name.ts';
import styles from './public-calendar.module.css';

type PublicWishListProps = {
  wishes: PublicWish[];
  hasMore: boolean;
  loadingMore: boolean;
  moreProblem: string | null;
  onShowMore: () => void;
  /** The parents' controls under each wish, when the page's visitor is its owner; `describedBy` names the wish. */
  renderActions?: (wish: PublicWish, describedBy: string) => ReactNode;
  /** What the page still takes: a day's guess, a welcome gift after the birth, or nothing once it has ended. */
  accepting?: 'guesses' | 'welcome_gifts' | 'nothing';
};

const EMPTY_MESSAGES = {
  guesses: 'contributions.wishList.empty',
  welcome_gifts: 'contributions.wishList.emptyWelcome',
  nothing: 'contributions.wishList.emptyClosed',
} as const;

/** The wishes, newest first; the text is rendered as text, never as HTML. */
export function PublicWishList({
  wishes,
  hasMore,
  loadingMore,
  moreProblem,
  onShowMore,
  renderActions,
  accepting = 'guesses',
}: PublicWishListProps) {
  const t = useT();
  const locale = useLocale();
  if (wishes.length === 0) {
    return <p className={styles.muted}>{t(EMPTY_MESSAGES[accepting])}</p>;
  }
  return (
    <>
      <ul className={styles.wishes}>
        {wishes.map((wish) => (
          <li key={wish.id} className={styles.wish}>
            <span className={styles.avatar} aria-hidden="true">
              {getInitials(wish.name) || '♥'}
            </span>
            <div className={styles.wishBody}>
              <p id={`wish-${wish.id}`} className={styles.wishMeta}>
                {wish.guessedDate === null ? (
                  <T
                    id="contributions.wishList.welcomed"
                    values={{ name: wish.name }}
                    components={{ 0: <strong>{wish.name}</strong> }}
                  />
                ) : (
                  <T
                    id="contributions.wishList.guessed"
                    values={{ name: wish.name, day: formatMonthDay(wish.guessedDate, locale) }}
                    components={{ 0: <strong>{wish.name}</strong>, 1: <strong>{wish.guessedDate}</strong> }}
                  />
                )}
              </p>
              <p className={styles.wishText}>{wish.wish}</p>
              <p className={styles.wishDate}>
                <time dateTime={wish.createdAt}>{formatLongDate(wish.createdAt.slice(0, 10), locale)}</time>
              </p>
              {renderActions?.(wish, `wish-${wish.id}`)}
            </div>
          </li>
        ))}
      </ul>
      {moreProblem && (
        <p className={styles.problem} role="alert">
          {moreProblem}
        </p>
      )}
      {hasMore && (
        <Button variant="secondary" onClick={onShowMore} aria-disabled={loadingMore || undefined}>
          {loadingMore ? t('common.loading') : t('contributions.wishList.showMore')}
        </Button>
      )}
    </>
  );
}
