import { getCookie } from './cookies.ts';

/**
 * The languages Firstday speaks, and how a request picks one (docs/decisions/020-i18n-library.md):
 * marketing pages by their URL prefix (`/`, `/de/`, `/ru/`), the signed-in area by the account's
 * setting, the guest page by the visitor's choice (a cookie) or else the browser's languages.
 */
export const LOCALES = ['en', 'de', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the switchers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', ru: 'Русский' };

/** The visitor's last choice of language; read by the server for pages without a prefix. */
export const LOCALE_COOKIE = getCookie('language').name;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale of a marketing path's prefix (`/de/faq` → de); English for a path without one. */
export function localeFromPath(pathname: string): Locale {
  const prefix = pathname.split('/')[1];
  return isLocale(prefix) && prefix !== DEFAULT_LOCALE ? prefix : DEFAULT_LOCALE;
}

/** The path without its locale prefix: `/de/faq` → `/faq`, `/de/` → `/`. */
export function unprefixedPath(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return pathname.slice(locale.length + 1) || '/';
}

/** A marketing path in a language: `/faq` in de → `/de/faq`, `/` in de → `/de/`. */
export function localizedPath(path: string, locale: Locale): string {
  const base = unprefixedPath(path);
  if (locale === DEFAULT_LOCALE) return base;
  return base === '/' ? `/${locale}/` : `/${locale}${base}`;
}

/**
 * The best of our locales for an Accept-Language header (`de-AT,de;q=0.9,en;q=0.8` → de), by the
 * header's weights; English when none matches.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        quality: quality ? Number(quality.slice(2)) : 1,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}

/** The value of the locale cookie in a Cookie header, when it names one of our locales. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`));
  return isLocale(match?.[1]) ? match[1] : undefined;
}

/** A visitor's language before any account says: their choice on the site (cookie), else their browser's. */
export function visitorLocale(headers: Headers | undefined): Locale {
  return localeFromCookie(headers?.get('cookie')) ?? negotiateLocale(headers?.get('accept-language'));
}
