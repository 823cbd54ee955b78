import { useQuery } from '@tanstack/react-query';
import { useAfterFirstTask } from '../lib/use-after-first-task.ts';
import { getUnreadCount, UNREAD_COUNT_QUERY_KEY } from './contributions-api.ts';

/**
 * Unread wishes for the top bar's badge; refreshed every minute and after a wish is opened. Asked
 * a task after the shell mounts, out of the page's hydration.
 */
export function useUnreadWishCount(): number {
  const query = useQuery({
    queryKey: UNREAD_COUNT_QUERY_KEY,
    enabled: useAfterFirstTask(),
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return query.data ?? 0;
}

/** 'Wishes' or 'Wishes, 3 unread': the accessible name of the top bar's wishes button. */
export function getWishesLinkLabel(unread: number): string {
  return unread > 0 ? `Wishes, ${unread} unread` : 'Wishes';
}

/** The badge's text: '99+' keeps it round. */
export function formatUnreadBadge(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
