import { getJson, postJson } from '../lib/api.ts';
import { forgetSignedInState } from './signed-in-state.ts';

/** The part of better-auth's `GET /api/auth/get-session` answer the web app reads. */
export type Session = {
  session: { id: string; expiresAt: string };
  user: { id: string; name: string; email: string; emailVerified: boolean; image?: string | null };
};

export const DEFAULT_SIGNED_IN_PATH = '/my_calendars';
/**
 * Where a new account goes once its e-mail is verified (or its first federated sign-in is done):
 * the wizard, since a new parent has no calendar yet and came to start one.
 */
export const NEW_ACCOUNT_PATH = '/create_calendar';

/** The current session, or null when signed out; the server refreshes the cookie when it is due. */
export async function getSession(init?: RequestInit): Promise<Session | null> {
  return (await getJson<Session | null>('/api/auth/get-session', init)) ?? null;
}

/** True when the browser holds a session of a verified user (what the signed-in area needs). */
export async function hasVerifiedSession(init?: RequestInit): Promise<boolean> {
  const session = await getSession(init);
  return Boolean(session?.user.emailVerified);
}

/**
 * Whether this tab's sign-up is confirmed, on any device: the server turns the sign-up's
 * pending cookie into a session once the account it created is verified, and also answers
 * `verified` for a tab already signed in as a verified user; `pending` while it still waits.
 */
export async function readPendingSignUp(): Promise<{ verified: boolean; pending: boolean }> {
  const answer = await postJson<{ verified?: boolean; pending?: boolean }>('/api/auth/pending-sign-up', {});
  return { verified: Boolean(answer?.verified), pending: Boolean(answer?.pending) };
}

/** Ends the session on the server (the cookie is cleared by the answer). */
export async function signOut(): Promise<void> {
  await postJson('/api/auth/sign-out', {});
  forgetSignedInState();
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

const AUTH_SCREENS = new Set(['/login', '/signup', '/auth/popup-complete', '/confirm_email']);

/** The page an auth screen was asked to continue to (`?redirect=`): a safe path that is not an auth screen, or null. */
export function getRequestedTarget(searchParams: URLSearchParams): string | null {
  const target = searchParams.get('redirect');
  if (!isSafeRedirect(target)) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  return AUTH_SCREENS.has(path) ? null : target;
}

/** Where to go after signing in: `?redirect=` when it is safe (and not an auth screen), else the calendars. */
export function getRedirectTarget(searchParams: URLSearchParams): string {
  return getRequestedTarget(searchParams) ?? DEFAULT_SIGNED_IN_PATH;
}

/** An auth screen's path that hands on where to continue to (e.g. from log in to sign up and back). */
export function withRedirect(path: string, target: string | null): string {
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}
