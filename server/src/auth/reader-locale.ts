import { type Locale, visitorLocale } from '@firstday/common/locales';
import { findAccountLocale } from '../account/account-locale.ts';
import type { Db } from '../lib/db.ts';

/**
 * The language a signed-in reader's pages are in: the account's choice once it has one, else the
 * visitor's (the site's cookie, else the browser's languages). Answers word an automatic calendar
 * title in it.
 */
export async function getReaderLocale(db: Db, userId: string, headers: Headers | undefined): Promise<Locale> {
  return (await findAccountLocale(db, userId)) ?? visitorLocale(headers);
}
