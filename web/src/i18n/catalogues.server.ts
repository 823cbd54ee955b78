import { LOCALES, type Locale } from '@firstday/common/locales';
import { type I18n, type Messages, setupI18n } from '@lingui/core';

// On the server every catalogue is at hand: it renders any page in any language.
const catalogues = import.meta.glob<Messages>('../../locales/*/*.json', { import: 'default', eager: true });

const messagesByLocale = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.assign(
      {},
      ...Object.entries(catalogues)
        .filter(([path]) => path.startsWith(`../../locales/${locale}/`))
        .map(([, messages]) => messages),
    ),
  ]),
) as Record<Locale, Messages>;

/** An i18n instance of its own per request: pages in different languages render at the same time. */
export function createServerI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: { [locale]: messagesByLocale[locale] } });
}

/** The messages of some namespaces of a language: what a page's HTML carries for its hydration. */
export function pageCatalogues(locale: Locale, namespaces: readonly string[]): Messages {
  return Object.assign({}, ...namespaces.map((name) => catalogues[`../../locales/${locale}/${name}.json`] ?? {}));
}
