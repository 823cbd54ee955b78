import { createContext, useContext } from 'react';
import type { Namespace } from '../i18n/namespaces.ts';

/** Where the visitor is: the page's path, whether its language is its URL's prefix, and its catalogues. */
export type PageLocation = { pathname: string; localeFromPath: boolean; namespaces: readonly Namespace[] };

/**
 * Islands hydrate without React Router, so components that may be islands read the page's location
 * here: root.tsx provides React Router's, an island root the document's (decision 021).
 */
export const PageLocationContext = createContext<PageLocation>({
  pathname: '/',
  localeFromPath: false,
  namespaces: ['common'],
});

/** The id of the JSON block in which an island page carries its location (island-scripts.tsx). */
export const PAGE_LOCATION_ID = 'page-location';

export function usePageLocation(): PageLocation {
  return useContext(PageLocationContext);
}
