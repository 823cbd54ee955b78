import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the browser holds a verified session, for the prerendered pages (header, /join_us).
 * Deliberately tiny and free of the API client, zod and React Query: the landing page's bundle
 * imports it. 'unknown' until the server has answered: the prerendered HTML is built with it.
 */
export type SignedInState = 'unknown' | 'signed-in' | 'signed-out';

const SESSION_PATH = '/api/auth/get-session';

let current: SignedInState = 'unknown';
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setSignedInState(next: SignedInState) {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Asks the server; calls made while a request is under way share it. A failed request changes nothing. */
function refreshSignedInState(): Promise<void> {
  pending ??= fetch(SESSION_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return;
      const session = (await response.json()) as { user?: { emailVerified?: boolean } } | null;
      setSignedInState(session?.user?.emailVerified ? 'signed-in' : 'signed-out');
    })
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** After signing out: pages mounted later must not show the old state while they ask again. */
export function forgetSignedInState(): void {
  setSignedInState('unknown');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in state, asked for after the page has loaded (never during prerender or hydration,
 * so the prerendered HTML stays valid and fast). A page opened later in the same visit starts
 * from the last answer and asks again.
 */
export function useSignedInState(): SignedInState {
  const state = useSyncExternalStore<SignedInState>(
    subscribe,
    () => current,
    () => 'unknown',
  );
  useEffect(() => {
    void refreshSignedInState();
  }, []);
  return state;
}
