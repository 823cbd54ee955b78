import { LOCALES, localizedPath } from './locales.ts';

/** Facts about the company shown across the site, e-mails and legal pages. */
export const SITE = {
  name: 'Firstday',
  slogan: 'Capture Memories, Preserve Wishes: A Gift That Lasts a Lifetime',
  tagline: 'Time is the Best Gift',
  supportEmail: 'support@firstday.app',
  phone: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  address: '548 Market Street, San Francisco, CA 94104, USA',
  mapsUrl: 'https://www.openstreetmap.org/search?query=548%20Market%20Street%2C%20San%20Francisco',
  copyrightYear: 2025,
  /** One effective date for the terms and the privacy policy. */
  legalEffectiveDate: '2026-11-23',
} as const;

/** Marketing pages that exist in every language, under the locale's prefix (`/de/faq`). */
export const LOCALIZED_PATHS = ['/', '/green', '/join_us', '/faq', '/terms', '/privacy', '/articles'] as const;

/** Routes prerendered to static HTML, with their place in the sitemap (besides each article, in every language). */
export const MARKETING_PATHS: readonly string[] = LOCALES.flatMap((locale) =>
  LOCALIZED_PATHS.map((path) => localizedPath(path, locale)),
);

/**
 * Routes the server renders per request with the web app's server build: the guest page `/c/<slug>`
 * with its content, the others as a loading screen the browser replaces. Any other path that is not
 * a file gets the prerendered not-found page with status 404. `*` matches one path segment.
 */
export const APP_ROUTE_PATTERNS = [
  '/login',
  '/signup',
  '/resetpassword',
  '/confirm_email',
  '/passwordrecovery',
  '/auth/popup-complete',
  '/create_calendar',
  '/sandbox_onboarding',
  '/my_calendars',
  '/my_calendars/calendar_info',
  '/my_calendars/*',
  '/my_calendars/*/thank_yous',
  '/my_calendars/*/keepsake',
  '/settings',
  '/wishes',
  '/investments',
  '/c/*',
  '/c/*/keepsake',
  '/c/*/edit/*',
] as const;

export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTE_PATTERNS.some((pattern) => {
    const re = new RegExp(`^${pattern.replace(/\*/g, '[^/]+')}$`);
    return re.test(path);
  });
}
