import type enAccount from '../../locales/en/account.json';
import type enApp from '../../locales/en/app.json';
import type enAuth from '../../locales/en/auth.json';
import type enCalendars from '../../locales/en/calendars.json';
import type enCommon from '../../locales/en/common.json';
import type enContributions from '../../locales/en/contributions.json';
import type enFaq from '../../locales/en/faq.json';
import type enInvestments from '../../locales/en/investments.json';
import type enKeepsake from '../../locales/en/keepsake.json';
import type enLegal from '../../locales/en/legal.json';
import type enMarketing from '../../locales/en/marketing.json';
import type enPages from '../../locales/en/pages.json';
import type enPayouts from '../../locales/en/payouts.json';
import type enThankYous from '../../locales/en/thank-yous.json';

/**
 * The catalogue files of the web app, one per area (`web/locales/<locale>/<namespace>.json`). A page
 * loads `common` and the namespaces its routes name in `handle.catalogues`, so the landing page
 * carries neither the signed-in area's texts nor the legal pages'. `marketing` holds what `/`
 * shows (header, footer, landing sections), `pages` the other marketing pages' own texts, `app`
 * what the guest page and the signed-in area share (errors, validation, card and wallet, shell).
 * `prerender.json` is read by prerender loaders only, never in the browser.
 */
export const NAMESPACES = [
  'common',
  'app',
  'marketing',
  'pages',
  'faq',
  'legal',
  'auth',
  'account',
  'calendars',
  'contributions',
  'keepsake',
  'thank-yous',
  'investments',
  'payouts',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every key English has: `t()` takes only these, so a typo fails the type check. */
export type MessageId = keyof (typeof enCommon &
  typeof enApp &
  typeof enMarketing &
  typeof enPages &
  typeof enFaq &
  typeof enLegal &
  typeof enAuth &
  typeof enAccount &
  typeof enCalendars &
  typeof enContributions &
  typeof enKeepsake &
  typeof enThankYous &
  typeof enInvestments &
  typeof enPayouts);

/** What a route module declares: `export const handle = { catalogues: ['marketing'] }`. */
export type CataloguesHandle = { catalogues?: readonly Namespace[] };

/** The namespaces a page needs: `common` and those its matched routes declare, in a stable order. */
export function namespacesOf(handles: unknown[]): Namespace[] {
  const wanted = new Set<Namespace>(['common']);
  for (const handle of handles)
    for (const name of (handle as CataloguesHandle | undefined)?.catalogues ?? []) wanted.add(name);
  return NAMESPACES.filter((name) => wanted.has(name));
}

/**
 * The signed-in area's and the sign-in screens' namespaces: the pages that render in the browser load
 * them all (shell/client-rendered.tsx, shell/signed-in-client-rendered.tsx).
 */
export const APP_NAMESPACES = [
  'app',
  'auth',
  'account',
  'calendars',
  'contributions',
  'keepsake',
  'thank-yous',
  'investments',
  'payouts',
] as const satisfies readonly Namespace[];
