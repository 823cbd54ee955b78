import type { PublicWish } from '@firstday/common/contributions';
import type { Ref } from 'react';
import { useT } from '../i18n/use-t.tsx';
import styles from './public-calendar.module.css';
import { type ModerationAction, type ModerationNotice, WishModerationActions } from './wish-moderation.tsx';

/**
 * What the parents see on their own guest page, loaded only once the page knows its visitor is
 * the owner (never for guests): a note on top of the wishes, and the moderation under each one.
 */
export function OwnerWishesNote({
  hiddenWishes,
  message,
  ref,
}: {
  hiddenWishes: number;
  message: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  return (
    <div ref={ref} className={styles.ownerNote} tabIndex={-1}>
      <p>{t('contributions.moderation.ownerNote')}</p>
      {hiddenWishes > 0 && (
        <p>
          {t('contributions.moderation.ownerHidden', { count: hiddenWishes })}{' '}
          <a href="/wishes">{t('contributions.moderation.manage')}</a>
        </p>
      )}
      <p role="status">{message}</p>
    </div>
  );
}

/** A wish on the guest page is never hidden (hidden ones are not on it) and its gift is not known here. */
export function OwnerWishActions({
  wish,
  describedBy,
  notice,
  onDone,
}: {
  wish: PublicWish;
  describedBy: string;
  notice: ModerationNotice;
  onDone: (action: ModerationAction, wishId: string) => void;
}) {
  return (
    <WishModerationActions
      wish={{ id: wish.id, name: wish.name, hidden: false }}
      describedBy={describedBy}
      notice={notice}
      onDone={onDone}
    />
  );
}
