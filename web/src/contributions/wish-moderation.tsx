import type { Currency } from '@firstday/common/currency';
import { formatMoney } from '@firstday/common/format';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import {
  hideWish,
  removeWish,
  showWish,
  UNREAD_COUNT_QUERY_KEY,
  WISHES_QUERY_KEY,
  type WishesPage,
} from './contributions-api.ts';
import styles from './wish-moderation.module.css';

/** The wish a moderation control acts on; the inbox knows its gift (0: none), the public page does not (undefined). */
export type ModeratedWish = { id: string; name: string; hidden: boolean; giftAmount?: number; currency?: Currency };

/** Where the outcome is told: toasts in the signed-in area, a live region on the guest page (it has no toasts). */
export type ModerationNotice = { success: (message: string) => void; error: (message: string) => void };

export type ModerationAction = 'hide' | 'show' | 'remove';

function isWishesData(data: unknown): data is InfiniteData<WishesPage> {
  return typeof data === 'object' && data !== null && 'pages' in data;
}

/**
 * Hide and show change the inbox at once (and back if the server says no); a removal waits for the
 * server, then the card leaves. Either way the inbox, the unread count and any guest page view are
 * read again afterwards; `onDone` runs after each success (the guest page reads itself again).
 */
export function useWishModeration(
  notice: ModerationNotice,
  onDone?: (action: ModerationAction, wishId: string) => void,
) {
  const t = useT();
  const queryClient = useQueryClient();

  function updateInbox(update: (items: WishesPage['items']) => WishesPage['items']) {
    queryClient.setQueriesData<unknown>({ queryKey: WISHES_QUERY_KEY }, (data: unknown) =>
      isWishesData(data)
        ? { ...data, pages: data.pages.map((page) => ({ ...page, items: update(page.items) })) }
        : data,
    );
  }

  return useMutation({
    mutationFn: async ({ action, wish }: { action: ModerationAction; wish: ModeratedWish }): Promise<void> => {
      if (action === 'hide') await hideWish(wish.id);
      else if (action === 'show') await showWish(wish.id);
      else await removeWish(wish.id);
    },
    onMutate: async ({ action, wish }) => {
      if (action === 'remove') return;
      await queryClient.cancelQueries({ queryKey: WISHES_QUERY_KEY });
      updateInbox((items) =>
        items.map((item) => (item.id === wish.id ? { ...item, hidden: action === 'hide' } : item)),
      );
    },
    onSuccess: (_answer, { action, wish }) => {
      if (action === 'remove') updateInbox((items) => items.filter((item) => item.id !== wish.id));
      onDone?.(action, wish.id);
      notice.success(
        t(
          action === 'hide'
            ? 'contributions.moderation.hidden'
            : action === 'show'
              ? 'contributions.moderation.shown'
              : 'contributions.moderation.removed',
        ),
      );
    },
    onError: (error) => notice.error(t('contributions.moderation.failed', { problem: getErrorMessage(error) })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WISHES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['wish-page-view'] });
    },
  });
}

type WishModerationActionsProps = {
  wish: ModeratedWish;
  /** The id of the wish's heading: each button is described by it, so 'Remove' says whose wish. */
  describedBy: string;
  notice: ModerationNotice;
  /**
   * After a success. When the wish leaves the list with these buttons, the caller moves the focus
   * once it is gone (the dialog gives the focus back to its button when it closes).
   */
  onDone?: (action: ModerationAction, wishId: string) => void;
};

/** 'Hide from page' or 'Show on page', and 'Remove' behind a confirmation. */
export function WishModerationActions({ wish, describedBy, notice, onDone }: WishModerationActionsProps) {
  const t = useT();
  const moderation = useWishModeration(notice, onDone);
  const [confirming, setConfirming] = useState(false);
  const busy = moderation.isPending;
  return (
    <div className={styles.actions}>
      <Button
        variant="secondary"
        aria-describedby={describedBy}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) moderation.mutate({ action: wish.hidden ? 'show' : 'hide', wish });
        }}
      >
        {wish.hidden ? t('contributions.moderation.show') : t('contributions.moderation.hide')}
      </Button>
      <Button
        variant="ghost"
        className={styles.removeButton}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) setConfirming(true);
        }}
      >
        {t('contributions.moderation.remove')}
      </Button>
      {confirming && (
        <RemoveWishDialog
          wish={wish}
          removing={busy}
          onConfirm={(close) => moderation.mutate({ action: 'remove', wish }, { onSuccess: close })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

type RemoveWishDialogProps = {
  wish: ModeratedWish;
  removing: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
};

/** 'Remove this wish for good?', with what it means for its gift; 'Keep it' comes first and has the focus. */
function RemoveWishDialog({ wish, removing, onConfirm, onClose }: RemoveWishDialogProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const giftText =
    wish.giftAmount === undefined
      ? t('contributions.moderation.removeAnyGift')
      : wish.giftAmount > 0 && wish.currency
        ? t('contributions.moderation.removeGift', {
            money: formatMoney(wish.giftAmount, { currency: wish.currency, locale, minorUnits: 'always' }),
          })
        : null;
  return (
    <ModalDialog titleId={`${id}-title`} describedBy={`${id}-text`} busy={removing} onClose={onClose}>
      {(close) => (
        <div className={dialogStyles.content}>
          <h2 id={`${id}-title`} className={dialogStyles.title}>
            {t('contributions.moderation.removeTitle')}
          </h2>
          <div id={`${id}-text`} className={styles.dialogText}>
            <p>{t('contributions.moderation.removeText', { name: wish.name })}</p>
            {giftText && <p>{giftText}</p>}
            {!wish.hidden && <p>{t('contributions.moderation.removeHideInstead')}</p>}
          </div>
          <ModalDialogFooter
            cancelLabel={t('contributions.moderation.keep')}
            onCancel={close}
            busy={removing}
            confirmLabel={
              removing ? t('contributions.moderation.removing') : t('contributions.moderation.confirmRemove')
            }
            onConfirm={() => onConfirm(close)}
            danger
          />
        </div>
      )}
    </ModalDialog>
  );
}
