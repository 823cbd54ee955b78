import { getJson, postJson } from '../lib/api.ts';

/** The part of better-auth's `GET /api/auth/get-session` answer the web app reads. */
export type Session = {
  session: { id: string; expiresAt: string };
  user: { id: string; name: string; email: string; emailVerified: boolean; image?: string | null };
};

export const DEFAULT_SIGNED_IN_PATH = '/my_calendars';

/** What another screen may hand the login page through navigation state (never secrets). */
export type LoginLocationState = { notice?: string };

/** The current session, or null when signed out; the server refreshes the cookie when it is due. */
export async function getSession(init?: RequestInit): Promise<Session | null> {
  return (await getJson<Session | null>('/api/auth/get-session', init)) ?? null;
}

/** True when the browser holds a session of a verified user (what the signed-in area needs). */
export async function hasVerifiedSession(init?: RequestInit): Promise<boolean> {
  const session = await getSession(init);
  return Boolean(session?.user.emailVerified);
}

/** Ends the session on the server (the cookie is cleared by the answer). */
export async function signOut(): Promise<void> {
  await postJson('/api/auth/sign-out', {});
}

/** Backslashes (browsers read '/\\' as '//') and control characters (browsers strip them before parsing). */
function hasUnsafeCharacter(target: string): boolean {
  for (const char of target) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A redirect target is safe when it is a path on this site: one leading '/', no host. */
export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return false;
  if (hasUnsafeCharacter(target)) return false;
  try {
    const base = 'https://firstday.invalid';
    return new URL(target, base).origin === base;
  } catch {
    return false;
  }
}

/** Where to go after signing in: `?redirect=` when it is safe (and not an auth screen), else the calendars. */
export function getRedirectTarget(searchParams: URLSearchParams): string {
  const target = searchParams.get('redirect');
  if (!isSafeRedirect(target)) return DEFAULT_SIGNED_IN_PATH;
  const path = target.split(/[?#]/)[0];
  if (path === '/login' || path === '/signup' || path === '/auth/popup-complete') return DEFAULT_SIGNED_IN_PATH;
  return target;
}
