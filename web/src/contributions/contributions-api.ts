import type {
  ContributionRequest,
  ContributionResponse,
  OwnContribution,
  OwnerWish,
  PublicCalendar,
  UpdateOwnContributionRequest,
  WishFilter,
  WishPageView,
} from '@firstday/common/contributions';
import { deleteJson, getJson, patchJson, postJson } from '../lib/api.ts';

// Public pages: a 401 here is never a lost session, so the shared client must not send anyone to /login.
const PUBLIC = { redirectOnUnauthorized: false } as const;

function getCalendarPath(slug: string): string {
  return `/api/public/calendars/${encodeURIComponent(slug)}`;
}

export function getPublicCalendarQueryKey(slug: string) {
  return ['public-calendar', slug] as const;
}

export function getPublicCalendar(
  slug: string,
  { cursor, signal }: { cursor?: string; signal?: AbortSignal } = {},
): Promise<PublicCalendar> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return getJson<PublicCalendar>(`${getCalendarPath(slug)}${query}`, { ...PUBLIC, signal });
}

export function createContribution(slug: string, body: ContributionRequest): Promise<ContributionResponse> {
  return postJson<ContributionResponse>(`${getCalendarPath(slug)}/contributions`, body, PUBLIC);
}

function getOwnContributionPath(id: string, token: string): string {
  return `/api/public/contributions/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

export function getOwnContribution(id: string, token: string, signal?: AbortSignal): Promise<OwnContribution> {
  return getJson<OwnContribution>(getOwnContributionPath(id, token), { ...PUBLIC, signal });
}

export function updateOwnContribution(
  id: string,
  token: string,
  body: UpdateOwnContributionRequest,
): Promise<OwnContribution> {
  return patchJson<OwnContribution>(getOwnContributionPath(id, token), body, PUBLIC);
}

/** Deletes the guest's wish and details; the link stops working (a gift stays with the parents, anonymised). */
export function deleteOwnContribution(id: string, token: string): Promise<void> {
  return deleteJson<void>(getOwnContributionPath(id, token), PUBLIC);
}

export type WishesPage = { items: OwnerWish[]; nextCursor: string | null; unread: number };

export const WISHES_QUERY_KEY = ['wishes'] as const;
export const UNREAD_COUNT_QUERY_KEY = ['wishes', 'unread-count'] as const;

export function listWishes({
  calendarId,
  show = 'all',
  cursor,
  signal,
}: {
  calendarId?: string;
  show?: WishFilter;
  cursor?: string | null;
  signal?: AbortSignal;
}): Promise<WishesPage> {
  const params = new URLSearchParams();
  if (calendarId) params.set('calendarId', calendarId);
  if (show !== 'all') params.set('show', show);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  return getJson<WishesPage>(`/api/wishes${query}`, { signal });
}

/** Every unread wish read: of one of the parent's calendars, or of all of them. */
export function markAllWishesRead(calendarId?: string): Promise<{ marked: number }> {
  const query = calendarId ? `?calendarId=${encodeURIComponent(calendarId)}` : '';
  return postJson<{ marked: number }>(`/api/wishes/read-all${query}`, {});
}

export function markWishRead(id: string): Promise<{ read: true }> {
  return postJson<{ read: true }>(`/api/wishes/${encodeURIComponent(id)}/read`, {});
}

function getWishPath(id: string): string {
  return `/api/wishes/${encodeURIComponent(id)}`;
}

/** The parents' moderation: off the public page (still theirs), back on it, or removed for good. */
export function hideWish(id: string): Promise<{ hidden: true }> {
  return postJson<{ hidden: true }>(`${getWishPath(id)}/hide`, {});
}

export function showWish(id: string): Promise<{ hidden: false }> {
  return postJson<{ hidden: false }>(`${getWishPath(id)}/show`, {});
}

export function removeWish(id: string): Promise<{ removed: true }> {
  return deleteJson<{ removed: true }>(getWishPath(id));
}

export function getWishPageViewQueryKey(slug: string) {
  return ['wish-page-view', slug] as const;
}

/** Whether the guest page's visitor is its owner (always answered 200, `owner: false` for guests). */
export function getWishPageView(slug: string, signal?: AbortSignal): Promise<WishPageView> {
  return getJson<WishPageView>(`/api/wishes/page-view?slug=${encodeURIComponent(slug)}`, { ...PUBLIC, signal });
}

export async function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  // The top bar asks before the shell's guard has checked the session; the guard does the redirect.
  const { unread } = await getJson<{ unread: number }>('/api/wishes/unread-count', {
    signal,
    redirectOnUnauthorized: false,
  });
  return unread;
}

export function getWishesExportUrl(calendarId?: string): string {
  return calendarId ? `/api/wishes/export.csv?calendarId=${encodeURIComponent(calendarId)}` : '/api/wishes/export.csv';
}
