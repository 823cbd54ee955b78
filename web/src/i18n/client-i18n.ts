import { getCookie } from '@firstday/common/cookies';
import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import { type I18n, setupI18n } from '@lingui/core';
import { hasCatalogues, loadCatalogues } from './catalogues.ts';
import type { Namespace } from './namespaces.ts';

// One i18n instance per language, each active in its own language for good: while a navigation
// from /de/ to /ru/ renders, the old page keeps its instance and the new page has its own, so
// neither flips the other's language half-way (decision 020).
const instances = new Map<Locale, I18n>();

export function clientI18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } });
    instances.set(locale, i18n);
  }
  return i18n;
}

const pending = new Map<string, Promise<void>>();

/**
 * Null when the catalogues are loaded; otherwise a promise (the same one for the same request) that
 * loads them. Pages pass it to React's `use`, so a navigation keeps the old screen until the next
 * one's texts are there.
 */
export function ensureCatalogues(locale: Locale, namespaces: readonly Namespace[]): Promise<void> | null {
  if (hasCatalogues(locale, namespaces)) return null;
  const key = `${locale}:${namespaces.join(',')}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = loadCatalogues(clientI18nFor(locale), locale, namespaces);
    promise.finally(() => pending.delete(key)).catch(() => {});
    pending.set(key, promise);
  }
  return promise;
}

// The language of pages without a prefix (sign-in, signed-in area, guest page): set from <html lang>
// at start, then by a switcher or the account's setting.
let chosenLocale: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

export const chosenLocaleStore = {
  get: () => chosenLocale,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Makes `locale` the language of pages without a prefix, once their texts are loaded. */
export async function chooseLocale(locale: Locale, namespaces: readonly Namespace[] = []): Promise<void> {
  await ensureCatalogues(locale, namespaces);
  if (chosenLocale === locale) return;
  chosenLocale = locale;
  for (const listener of listeners) listener();
}

/** The language found on <html> when the page loaded, before anything renders. */
export function startWithLocale(locale: Locale) {
  chosenLocale = locale;
}

/** Remembers a visitor's explicit choice for pages without a locale prefix (read by the server). */
export function rememberLocale(locale: Locale) {
  const cookie = getCookie('language');
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser.
  document.cookie = `${cookie.name}=${locale}; path=/; max-age=${cookie.maxAgeSeconds}; samesite=lax`;
}
