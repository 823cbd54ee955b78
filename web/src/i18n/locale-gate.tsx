import { type Locale, localeFromPath } from '@firstday/common/locales';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { PageLocation } from '../islands/page-location.ts';
import { chosenLocaleStore, clientI18nFor, ensureCatalogues } from './client-i18n.ts';
import { namespacesOf } from './namespaces.ts';
import { hasLocalePrefix } from './request-locale.ts';

/**
 * The page's language, its i18n instance and where it is (path, catalogues). On the server: the request's (entry.server.tsx). In
 * the browser: a marketing page's URL prefix, or else the chosen language; a navigation waits
 * (React's `use`, the previous screen stays) until the next page's catalogues are loaded.
 */
export function usePageI18n(): { locale: Locale; i18n: I18n; location: PageLocation } {
  const handles = useMatches().map((match) => match.handle);
  const namespaces = namespacesOf(handles);
  const { pathname } = useLocation();
  const localeFromPrefix = hasLocalePrefix(handles);
  const location = { pathname, localeFromPath: localeFromPrefix, namespaces };
  const chosen = useSyncExternalStore(chosenLocaleStore.subscribe, chosenLocaleStore.get, chosenLocaleStore.get);
  const server = useLingui();
  if (typeof document === 'undefined') return { locale: server.i18n.locale as Locale, i18n: server.i18n, location };
  const locale = localeFromPrefix ? localeFromPath(pathname) : chosen;
  const pending = ensureCatalogues(locale, namespaces);
  if (pending) use(pending);
  return { locale, i18n: clientI18nFor(locale), location };
}
