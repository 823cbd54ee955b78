import type { OwnerCalendar } from '@firstday/common/calendars';
import type { OwnerWish, WishFilter } from '@firstday/common/contributions';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { CALENDARS_QUERY_KEY, listCalendars } from '../calendars/calendars-api.ts';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { messageId, useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { readApiJson } from '../page-context.ts';
import { showErrorToast, showSuccessToast } from '../shell/app-toast.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { WishesIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import type { Route } from './+types/wishes-page';
import {
  getWishesExportUrl,
  listWishes,
  markAllWishesRead,
  markWishRead,
  UNREAD_COUNT_QUERY_KEY,
  WISHES_QUERY_KEY,
  type WishesPage as WishesPageData,
} from './contributions-api.ts';
import { type ModerationNotice, WishModerationActions } from './wish-moderation.tsx';
import { getWishCardState } from './wish-state.ts';
import styles from './wishes.module.css';

const TOASTS: ModerationNotice = { success: showSuccessToast, error: showErrorToast };

const FILTER_LABELS = {
  all: messageId('contributions.wishes.filterAll'),
  unread: messageId('contributions.wishes.filterUnread'),
  gift: messageId('contributions.wishes.filterGift'),
} as const satisfies Record<WishFilter, string>;

/** What an empty list says under each filter. */
const NONE_MESSAGES = {
  all: messageId('contributions.wishes.noneForCalendar'),
  unread: messageId('contributions.wishes.noneUnread'),
  gift: messageId('contributions.wishes.noneWithGift'),
} as const satisfies Record<WishFilter, string>;

export const handle: CataloguesHandle = { catalogues: ['app', 'contributions'] };

export function meta() {
  return [{ title: 'Wishes – Firstday' }];
}

/**
 * Rendered on the server (decision 036) with the first page of all wishes and the calendars of the
 * filter, read as the page would read them; a failed read is asked again by the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [wishes, calendars] = await Promise.all([
    readApiJson<WishesPageData>(context, '/api/wishes', request),
    readApiJson<{ calendars: OwnerCalendar[] }>(context, '/api/calendars', request),
  ]);
  return { wishes, calendars: calendars?.calendars };
}

export function shouldRevalidate() {
  return false;
}

export default function WishesPage({ loaderData }: Route.ComponentProps) {
  const queryClient = useQueryClient();
  const t = useT();
  const [calendarId, setCalendarId] = useState('');
  const [show, setShow] = useState<WishFilter>('all');
  const [markingAll, setMarkingAll] = useState(false);
  // Opened in this visit: they glow until the page is left; the server already has them as read.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const filterId = useId();
  const showId = useId();
  // A removed wish's card is gone with its buttons: once it is, the focus moves to the list.
  const listRef = useRef<HTMLUListElement>(null);
  const [removedId, setRemovedId] = useState<string | null>(null);

  const calendars = useQuery({
    queryKey: CALENDARS_QUERY_KEY,
    queryFn: ({ signal }) => listCalendars({ signal }),
    initialData: loaderData.calendars,
  });
  // What the server read is the first page of every wish, the filters' starting point.
  const firstPage = !calendarId && show === 'all' ? loaderData.wishes : undefined;
  const wishes = useInfiniteQuery({
    queryKey: [...WISHES_QUERY_KEY, calendarId || 'all', show],
    queryFn: ({ pageParam, signal }) =>
      listWishes({ calendarId: calendarId || undefined, show, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    initialData: firstPage && { pages: [firstPage], pageParams: [null] },
  });

  async function openWish(wish: OwnerWish) {
    setOpened((current) => new Set(current).add(wish.id));
    try {
      await markWishRead(wish.id);
      queryClient.setQueryData<number>(UNREAD_COUNT_QUERY_KEY, (count) => (count ? count - 1 : count));
    } catch (error) {
      showErrorToast(t('contributions.wishes.markFailed', { problem: getErrorMessage(error) }));
    } finally {
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_QUERY_KEY });
    }
  }

  /** Idempotent on the server: a second click, or another tab's, changes nothing. */
  async function markAllRead() {
    if (markingAll) return;
    setMarkingAll(true);
    try {
      await markAllWishesRead(calendarId || undefined);
      showSuccessToast(t('contributions.wishes.markAllReadDone'));
    } catch (error) {
      showErrorToast(t('contributions.wishes.markAllFailed', { problem: getErrorMessage(error) }));
    } finally {
      setMarkingAll(false);
      void queryClient.invalidateQueries({ queryKey: WISHES_QUERY_KEY });
    }
  }

  const items = wishes.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = wishes.data?.pages[0]?.unread ?? 0;
  const removedIsGone = removedId !== null && !items.some((wish) => wish.id === removedId);
  useEffect(() => {
    if (!removedIsGone) return;
    listRef.current?.focus();
    setRemovedId(null);
  }, [removedIsGone]);
  const ownCalendars = (calendars.data ?? []).filter((calendar) => calendar.status !== 'draft');

  if (wishes.isSuccess && items.length === 0 && !calendarId && show === 'all') {
    return (
      <>
        <PageHeader title={t('contributions.wishes.title')} />
        <EmptyState
          tone="blue"
          illustration={<WishesIllustration />}
          title={t('contributions.wishes.emptyTitle')}
          actions={
            <ButtonLink to="/my_calendars" variant="secondary" size="lg">
              {t('contributions.wishes.goToCalendars')}
            </ButtonLink>
          }
        >
          <p>{t('contributions.wishes.emptyText')}</p>
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('contributions.wishes.title')}
        lead={t('contributions.wishes.lead')}
        actions={
          <a className={styles.exportLink} href={getWishesExportUrl(calendarId || undefined)} download>
            {t('contributions.wishes.export')}
          </a>
        }
      />
      <div className={styles.toolbar}>
        {ownCalendars.length > 1 && (
          <div className={styles.filter}>
            <label htmlFor={filterId}>{t('contributions.wishes.calendar')}</label>
            <select
              id={filterId}
              className={styles.select}
              value={calendarId}
              onChange={(event) => setCalendarId(event.target.value)}
            >
              <option value="">{t('contributions.wishes.allCalendars')}</option>
              {ownCalendars.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={styles.filter}>
          <label htmlFor={showId}>{t('contributions.wishes.show')}</label>
          <select
            id={showId}
            className={`${styles.select} ${styles.showSelect}`}
            value={show}
            onChange={(event) => setShow(event.target.value as WishFilter)}
          >
            {(Object.keys(FILTER_LABELS) as WishFilter[]).map((filter) => (
              <option key={filter} value={filter}>
                {t(FILTER_LABELS[filter])}
              </option>
            ))}
          </select>
        </div>
        {unread > 0 && (
          <Button variant="secondary" onClick={markAllRead} aria-disabled={markingAll || undefined}>
            {t('contributions.wishes.markAllRead')}
          </Button>
        )}
      </div>

      {wishes.isPending && (
        <p className={styles.muted} role="status">
          {t('contributions.wishes.loading')}
        </p>
      )}
      {wishes.isError && (
        <div className={styles.problem} role="alert">
          <p>{getErrorMessage(wishes.error)}</p>
          <Button variant="secondary" onClick={() => wishes.refetch()}>
            {t('contributions.wishes.tryAgain')}
          </Button>
        </div>
      )}
      {wishes.isSuccess && items.length === 0 && <p className={styles.muted}>{t(NONE_MESSAGES[show])}</p>}

      {items.length > 0 && (
        <ul ref={listRef} className={styles.list} tabIndex={-1}>
          {items.map((wish) => (
            <li key={wish.id}>
              <WishCard
                wish={wish}
                state={getWishCardState(wish, opened)}
                onOpen={() => openWish(wish)}
                onRemoved={() => setRemovedId(wish.id)}
              />
            </li>
          ))}
        </ul>
      )}

      {wishes.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => wishes.fetchNextPage()}
            aria-disabled={wishes.isFetchingNextPage || undefined}
          >
            {wishes.isFetchingNextPage ? t('common.loading') : t('contributions.wishList.showMore')}
          </Button>
        </div>
      )}
    </>
  );
}

type WishCardProps = {
  wish: OwnerWish;
  state: ReturnType<typeof getWishCardState>;
  onOpen: () => void;
  onRemoved: () => void;
};

function WishCard({ wish, state, onOpen, onRemoved }: WishCardProps) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  return (
    <article
      className={styles.card}
      data-state={state}
      data-hidden={wish.hidden || undefined}
      aria-labelledby={headingId}
    >
      <div className={styles.cardTop}>
        <span className={styles.avatar} aria-hidden="true">
          {wish.initials || '♥'}
        </span>
        <div className={styles.who}>
          <h2 id={headingId} className={styles.cardTitle}>
            {state === 'new_closed' ? t('contributions.wishes.newGreeting') : wish.name}
          </h2>
          <p className={styles.meta}>
            {state === 'new_closed' && <>{t('contributions.wishes.from', { name: wish.name })} · </>}
            <time dateTime={wish.createdAt}>{formatLongDate(wish.createdAt.slice(0, 10), locale)}</time>
            {' · '}
            {wish.calendarTitle}
          </p>
        </div>
        {(state === 'new_closed' || wish.hidden) && (
          <div className={styles.labels}>
            {state === 'new_closed' && <span className={styles.newLabel}>{t('contributions.wishes.new')}</span>}
            {wish.hidden && <span className={styles.hiddenLabel}>{t('contributions.moderation.hiddenBadge')}</span>}
          </div>
        )}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('contributions.wishes.predictedDate')}</dt>
          <dd>
            {wish.predictedDate === null
              ? t('contributions.wishes.welcomeGift')
              : formatLongDate(wish.predictedDate, locale)}
          </dd>
        </div>
        <div>
          <dt>{t('contributions.wishes.gift')}</dt>
          <dd>
            {wish.giftAmount > 0
              ? formatMoney(wish.giftAmount, { currency: wish.currency, locale, minorUnits: 'always' })
              : t('contributions.form.noGift')}
          </dd>
        </div>
      </dl>
      {state === 'new_closed' ? (
        <Button onClick={onOpen} aria-describedby={headingId}>
          {t('contributions.wishes.open')}
        </Button>
      ) : (
        <>
          <p className={styles.text}>{wish.wish}</p>
          {wish.hidden && <p className={styles.hiddenNote}>{t('contributions.moderation.hiddenNote')}</p>}
          {/* The parents judge a wish once they have read it. */}
          <WishModerationActions
            wish={wish}
            describedBy={headingId}
            notice={TOASTS}
            onDone={(action) => {
              if (action === 'remove') onRemoved();
            }}
          />
        </>
      )}
    </article>
  );
}
