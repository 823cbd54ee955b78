import type { OwnerWish } from '@firstday/common/contributions';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { listCalendars } from '../calendars/calendars-api.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showErrorToast } from '../shell/app-toast.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { WishesIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import {
  getWishesExportUrl,
  listWishes,
  markWishRead,
  UNREAD_COUNT_QUERY_KEY,
  WISHES_QUERY_KEY,
} from './contributions-api.ts';
import { getWishCardState } from './wish-state.ts';
import styles from './wishes.module.css';

export function meta() {
  return [{ title: 'Wishes – Firstday' }];
}

export default function WishesPage() {
  const queryClient = useQueryClient();
  const [calendarId, setCalendarId] = useState('');
  // Opened in this visit: they glow until the page is left; the server already has them as read.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const filterId = useId();

  const calendars = useQuery({ queryKey: ['calendars'], queryFn: ({ signal }) => listCalendars({ signal }) });
  const wishes = useInfiniteQuery({
    queryKey: [...WISHES_QUERY_KEY, calendarId || 'all'],
    queryFn: ({ pageParam, signal }) => listWishes({ calendarId: calendarId || undefined, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

  async function openWish(wish: OwnerWish) {
    setOpened((current) => new Set(current).add(wish.id));
    try {
      await markWishRead(wish.id);
      queryClient.setQueryData<number>(UNREAD_COUNT_QUERY_KEY, (count) => (count ? count - 1 : count));
    } catch (error) {
      showErrorToast(`We couldn’t mark this wish as read. ${getErrorMessage(error)}`);
    } finally {
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_QUERY_KEY });
    }
  }

  const items = wishes.data?.pages.flatMap((page) => page.items) ?? [];
  const ownCalendars = (calendars.data ?? []).filter((calendar) => calendar.status !== 'draft');

  if (wishes.isSuccess && items.length === 0 && !calendarId) {
    return (
      <>
        <PageHeader title="Wishes" />
        <EmptyState
          tone="blue"
          illustration={<WishesIllustration />}
          title="No wishes yet"
          actions={
            <ButtonLink to="/my_calendars" variant="secondary" size="lg">
              Go to My calendars
            </ButtonLink>
          }
        >
          <p>Wishes from friends and family appear here once your calendar is shared.</p>
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Wishes"
        lead="Guesses, wishes and gifts from the people you shared your calendar with."
        actions={
          <a className={styles.exportLink} href={getWishesExportUrl(calendarId || undefined)} download>
            Export CSV
          </a>
        }
      />
      <div className={styles.toolbar}>
        {ownCalendars.length > 1 && (
          <div className={styles.filter}>
            <label htmlFor={filterId}>Calendar</label>
            <select
              id={filterId}
              className={styles.select}
              value={calendarId}
              onChange={(event) => setCalendarId(event.target.value)}
            >
              <option value="">All calendars</option>
              {ownCalendars.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      {wishes.isPending && (
        <p className={styles.muted} role="status">
          Loading wishes…
        </p>
      )}
      {wishes.isError && (
        <div className={styles.problem} role="alert">
          <p>{getErrorMessage(wishes.error)}</p>
          <Button variant="secondary" onClick={() => wishes.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {wishes.isSuccess && items.length === 0 && <p className={styles.muted}>No wishes for this calendar yet.</p>}

      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((wish) => (
            <li key={wish.id}>
              <WishCard wish={wish} state={getWishCardState(wish, opened)} onOpen={() => openWish(wish)} />
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
            {wishes.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      )}
    </>
  );
}

type WishCardProps = { wish: OwnerWish; state: ReturnType<typeof getWishCardState>; onOpen: () => void };

function WishCard({ wish, state, onOpen }: WishCardProps) {
  const headingId = useId();
  return (
    <article className={styles.card} data-state={state} aria-labelledby={headingId}>
      <div className={styles.cardTop}>
        <span className={styles.avatar} aria-hidden="true">
          {wish.initials || '♥'}
        </span>
        <div className={styles.who}>
          <h2 id={headingId} className={styles.cardTitle}>
            {state === 'new_closed' ? 'New Greeting' : wish.name}
          </h2>
          <p className={styles.meta}>
            {state === 'new_closed' && <>From {wish.name} · </>}
            <time dateTime={wish.createdAt}>{formatLongDate(wish.createdAt.slice(0, 10))}</time>
            {' · '}
            {wish.calendarTitle}
          </p>
        </div>
        {state === 'new_closed' && <span className={styles.newLabel}>New</span>}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Predicted date</dt>
          <dd>{formatLongDate(wish.predictedDate)}</dd>
        </div>
        <div>
          <dt>Gift</dt>
          <dd>{wish.sumCents > 0 ? formatMoney(wish.sumCents) : 'No gift'}</dd>
        </div>
      </dl>
      {state === 'new_closed' ? (
        <Button onClick={onOpen} aria-describedby={headingId}>
          Open
        </Button>
      ) : (
        <p className={styles.text}>{wish.wish}</p>
      )}
    </article>
  );
}
