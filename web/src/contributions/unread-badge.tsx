import styles from './unread-badge.module.css';
import { formatUnreadBadge } from './unread-wishes.ts';

/** The count on the top bar's wishes button; the button's name says it for screen readers. */
export function UnreadBadge({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true" data-testid="unread-badge">
      {formatUnreadBadge(unread)}
    </span>
  );
}

export const unreadBadgeWrapClass = styles.wrap;
