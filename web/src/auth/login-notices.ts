import type { MessageId } from '../i18n/namespaces.ts';

/**
 * What another screen may tell the login page, in its address (`/login?notice=password-reset`):
 * the server draws it with the page. Handed over in history state, it showed only once the page
 * ran, and pushed the form down just as a visitor tapped its button (auth.spec.ts lost that tap).
 */
const LOGIN_NOTICES = {
  'password-reset': 'auth.reset.successNotice',
  'account-deleted': 'auth.login.accountDeletedNotice',
} as const satisfies Record<string, MessageId>;

export type LoginNotice = keyof typeof LOGIN_NOTICES;

export function withLoginNotice(notice: LoginNotice): string {
  return `/login?notice=${notice}`;
}

/** The text of the notice the login page's address names, if any. */
export function getLoginNotice(searchParams: URLSearchParams): MessageId | undefined {
  const notice = searchParams.get('notice');
  return notice && Object.hasOwn(LOGIN_NOTICES, notice) ? LOGIN_NOTICES[notice as LoginNotice] : undefined;
}
