/**
 * Every cookie Firstday sets, as the privacy page lists them. The server test
 * (server/src/privacy/cookies.db.test.ts) walks the journeys that set cookies and fails on a cookie
 * missing here; the privacy page renders one line per entry (`legal.privacy.cookies.<id>`).
 */
const DAY_SECONDS = 24 * 60 * 60;

export const COOKIES = [
  /** Keeps a parent signed in (better-auth's session; httpOnly). */
  { id: 'session', name: 'better-auth.session_token', maxAgeSeconds: 30 * DAY_SECONDS },
  /** Lets the sign-up tab finish once the address is confirmed on any device (decision in pending-sign-up.ts). */
  { id: 'pendingSignUp', name: 'better-auth.pending_sign_up', maxAgeSeconds: DAY_SECONDS },
  /** Ties a Google (OpenID Connect) sign-in to the tab that started it. */
  { id: 'signInState', name: 'better-auth.state', maxAgeSeconds: 5 * 60 },
  /** A visitor's explicit choice of language, for pages without a language in their address. */
  { id: 'language', name: 'firstday_locale', maxAgeSeconds: 365 * DAY_SECONDS },
] as const;

export type CookieId = (typeof COOKIES)[number]['id'];

export function getCookie(id: CookieId) {
  const cookie = COOKIES.find((candidate) => candidate.id === id);
  if (!cookie) throw new Error(`unknown cookie ${id}`);
  return cookie;
}
