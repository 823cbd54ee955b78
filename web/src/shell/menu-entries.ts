import type { MessageId } from '../i18n/namespaces.ts';
import { messageId } from '../i18n/use-t.tsx';

export type MenuIconName = 'calendar' | 'settings' | 'wishes' | 'investments';

export type MenuEntry = {
  /** Catalogue key of the entry's name. */
  label: MessageId;
  path: string;
  icon: MenuIconName /** Sub-pages that belong to it. */;
  section: readonly string[];
};

export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    label: messageId('app.menu.myCalendars'),
    path: '/my_calendars',
    icon: 'calendar',
    section: ['/my_calendars', '/create_calendar'],
  },
  { label: messageId('app.menu.accountSettings'), path: '/settings', icon: 'settings', section: ['/settings'] },
  { label: messageId('app.menu.wishes'), path: '/wishes', icon: 'wishes', section: ['/wishes'] },
  { label: messageId('app.menu.investments'), path: '/investments', icon: 'investments', section: ['/investments'] },
];

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * `aria-current` for an entry: 'page' on its own page, 'true' on a page inside its section
 * (calendar info belongs to My calendars), undefined elsewhere.
 */
export function getAriaCurrent(entry: MenuEntry, pathname: string): 'page' | 'true' | undefined {
  const path = trimSlash(pathname);
  if (path === entry.path) return 'page';
  const inSection = entry.section.some((root) => path === root || path.startsWith(`${root}/`));
  return inSection ? 'true' : undefined;
}

/** Pages that show the top bar's 'Back to list' button, and where it goes. */
const BACK_LINKS: Readonly<Record<string, string>> = {
  '/my_calendars/calendar_info': '/my_calendars',
};

/** A calendar's own info page, `/my_calendars/<id>`, goes back to the list like calendar_info. */
const CALENDAR_INFO_PATH = /^\/my_calendars\/[^/]+$/;

export function getBackLink(pathname: string): string | undefined {
  const path = trimSlash(pathname);
  return BACK_LINKS[path] ?? (CALENDAR_INFO_PATH.test(path) ? '/my_calendars' : undefined);
}

/** Where a signed-out visitor goes: the login page, which brings them back to this path and query. */
export function buildLoginRedirect({ pathname, search }: { pathname: string; search: string }): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
