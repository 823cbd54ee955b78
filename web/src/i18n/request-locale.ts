import { type Locale, localeFromPath, visitorLocale } from '@firstday/common/locales';

/** What a route module declares when its language is its URL's prefix (the marketing pages). */
export type LocalePrefixHandle = { localeFromPath?: boolean };

export function hasLocalePrefix(handles: unknown[]): boolean {
  return handles.some((handle) => (handle as LocalePrefixHandle | undefined)?.localeFromPath === true);
}

/**
 * The language the server renders a page in: a marketing page's URL prefix; otherwise the visitor's
 * last choice (cookie), then the browser's languages. A signed-in visitor's account setting is
 * applied in the browser, once the session is read (shell/app-shell.tsx).
 */
export function requestLocale(request: Request, handles: unknown[]): Locale {
  if (hasLocalePrefix(handles)) return localeFromPath(new URL(request.url).pathname);
  return visitorLocale(request.headers);
}
