import type { CurrentUser } from '@firstday/common/account';
import { useEffect } from 'react';
import { redirect } from 'react-router';
import type { HydrateAfterPaintHandle } from '../hydrate-after-paint.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { replayEarlyTap } from '../lib/early-taps.ts';
import { pageContext } from '../page-context.ts';
import type { Route } from './+types/signed-in-layout';
import { SignedInShell } from './app-shell.tsx';
import { buildLoginRedirect } from './menu-entries.ts';

/**
 * Layout of every signed-in page (decision 036): the session is read on the server, so the first
 * HTML is the page itself — top bar, menu and content (or, for the pages rendered in the browser,
 * a placeholder: signed-in-client-rendered.tsx) — not a loading screen; a signed-out visitor is
 * sent to /login before anything is drawn. The scripts of the pages drawn whole start after the
 * first paint, like the sign-in pages' (decision 035): a button pressed or a form sent before then
 * is pressed or sent again once they run. (The placeholder's pages start theirs at once.)
 */
export const handle: CataloguesHandle & HydrateAfterPaintHandle = {
  catalogues: ['app'],
  hydrateAfterPaint: true,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await context.get(pageContext).readApi('/api/users/me', request);
  if (response.status === 401) throw redirect(buildLoginRedirect(new URL(request.url)));
  if (response.ok) return { user: (await response.json()) as CurrentUser };
  // Anything else the browser asks again, and the shell's guard shows what went wrong, as before.
  await response.body?.cancel();
  return { user: undefined };
}

// The HTML holds the account's data (names, calendars): no browser or proxy keeps it, like the
// API's answers, and the back button after signing out does not show it again from a cache.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

// The account lives in React Query from the first render on (the guard refetches it): reading it
// again on every step of the wizard (`?step=`) would only delay the step.
export function shouldRevalidate() {
  return false;
}

export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  useEffect(replayEarlyTap, []);
  return <SignedInShell initialUser={loaderData.user} />;
}
