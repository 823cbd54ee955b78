import type { CurrentUser } from '@firstday/common/account';
import { useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '../lib/api.ts';

export const CURRENT_USER_QUERY_KEY = ['current-user'] as const;

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  // The shell's guard answers this 401 itself (client-side, with replace).
  return getJson<CurrentUser>('/api/users/me', { signal, redirectOnUnauthorized: false });
}

/** The signed-in user (GET /api/users/me); the shell's guard relies on its 401. */
export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: getCurrentUser, staleTime: 60_000 });
}

export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
