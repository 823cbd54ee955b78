import type { I18n } from '@lingui/core';
import type enPrerender from '../../locales/en/prerender.json';

/**
 * Keys of the texts only the prerender loaders read (`web/locales/<locale>/prerender.json`): page
 * titles and descriptions and the landing sections' list copy. No page names this catalogue in
 * `handle.catalogues`, so the browser never loads it: these texts ship once, in the HTML, and stay
 * out of the landing page's JavaScript budget.
 */
export type PrerenderId = keyof typeof enPrerender;
export type PrerenderTranslate = (id: PrerenderId, values?: Record<string, string>) => string;

/** Translates prerender-only keys with a loader's `createServerI18n(locale)`. */
export function prerenderTranslate(i18n: I18n): PrerenderTranslate {
  return (id, values) => i18n._(id, values);
}
