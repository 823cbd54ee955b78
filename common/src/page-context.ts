import type { PublicCalendar } from './contributions.ts';
import type { KeepsakeBook } from './keepsake.ts';
import type { Locale } from './locales.ts';

/**
 * What the server hands the web app's server rendering for one page request
 * (web/src/page-context.ts, docs/decisions/012-server-rendered-guest-page.md).
 */
export type PageContext = {
  /** The Content-Security-Policy nonce of this response's inline scripts. */
  nonce?: string;
  /** The site's public address (`APP_URL`), for share links and Open Graph tags. */
  appUrl: string;
  /**
   * The calendar as `GET /api/public/calendars/:slug` answers it in `locale` (an automatic title is
   * worded for the reader), from the same cache; undefined for a draft or an unknown slug.
   */
  getPublicCalendar(slug: string, locale: Locale): Promise<PublicCalendar | undefined>;
  /** The keepsake's public part (`GET /api/public/calendars/:slug/keepsake`) in `locale`; undefined before an announcement. */
  getPublicKeepsake(slug: string, locale: Locale): Promise<KeepsakeBook | undefined>;
  /**
   * `GET <path>` of this server's API as the visitor of `request` gets it (only its cookie and
   * language go along), answered in process: a signed-in page's loader reads on the server what
   * the page would otherwise fetch once its scripts ran (decision 036).
   */
  readApi(path: `/api/${string}`, request: Request): Promise<Response>;
};
