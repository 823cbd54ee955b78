import '../lib/zod-without-eval.ts';
import { Outlet } from 'react-router';
import type { HydrateAfterPaintHandle } from '../hydrate-after-paint.ts';
import { APP_NAMESPACES, type CataloguesHandle } from '../i18n/namespaces.ts';
import { useT } from '../i18n/use-t.tsx';
import { ShellSkeleton } from './shell-skeleton.tsx';

/**
 * The signed-in pages that render in the browser (they read the URL's calendar or the window),
 * inside the server-rendered shell of signed-in-layout.tsx: the first HTML is the top bar and the
 * menu with a placeholder where the page goes, and moving between any two signed-in pages keeps
 * the shell mounted (its menu, its account and its queries). The no-op client loader makes React
 * Router render the placeholder below on the server and the page once the browser has loaded it.
 */
// The scripts start at once, not after the first paint (signed-in-layout.tsx): the page itself
// needs them, and the placeholder gains nothing from waiting.
export const handle: CataloguesHandle & HydrateAfterPaintHandle = {
  catalogues: APP_NAMESPACES,
  hydrateAfterPaint: false,
};
export function clientLoader() {
  return null;
}

export function HydrateFallback() {
  const t = useT();
  return <ShellSkeleton status={t('common.loading')} />;
}

export default function SignedInClientRendered() {
  return <Outlet />;
}
