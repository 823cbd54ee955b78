import type { Locale } from '@firstday/common/locales';
import type { I18n, Messages } from '@lingui/core';
import type { Namespace } from './namespaces.ts';

// One chunk per language and namespace, loaded when a page needs it. The JSON is compiled by the
// Vite plugin in vite.config.ts, so no ICU parser ships to the browser.
// prerender.json is read by prerender loaders only (marketing/prerender-texts.ts), never here.
const loaders = import.meta.glob<Messages>(['../../locales/*/*.json', '!../../locales/*/prerender.json'], {
  import: 'default',
});

const loaded = new Set<string>();

/** Loads the catalogues a page needs into `i18n` (each once), without activating the locale. */
export async function loadCatalogues(i18n: I18n, locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((name) => !loaded.has(`${locale}/${name}`));
  const catalogues = await Promise.all(
    missing.map((name) => {
      const load = loaders[`../../locales/${locale}/${name}.json`];
      if (!load) throw new Error(`No catalogue ${locale}/${name}`);
      return load();
    }),
  );
  for (const [index, messages] of catalogues.entries()) {
    i18n.load(locale, messages);
    loaded.add(`${locale}/${missing[index]}`);
  }
}

export function hasCatalogues(locale: Locale, namespaces: readonly Namespace[]): boolean {
  return namespaces.every((name) => loaded.has(`${locale}/${name}`));
}

/** Takes catalogues that came another way (inline in the page's HTML) as loaded. */
export function addCatalogues(i18n: I18n, locale: Locale, namespaces: readonly Namespace[], messages: Messages) {
  i18n.load(locale, messages);
  for (const name of namespaces) loaded.add(`${locale}/${name}`);
}
