import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import { eq } from 'drizzle-orm';
import type { Db } from '../lib/db.ts';
import { userProfiles } from './schema.ts';

/** The language of an account's e-mails: the profile's setting, English until one is known. */
export function accountLocale(profileLocale: Locale | null | undefined): Locale {
  return profileLocale ?? DEFAULT_LOCALE;
}

/** The language an account chose (`user_profiles.locale`), or null while none is known. */
export async function findAccountLocale(db: Db, userId: string): Promise<Locale | null> {
  const [profile] = await db
    .select({ locale: userProfiles.locale })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return profile?.locale ?? null;
}

/** Reads an account's language for its e-mails; English without a profile or a setting. */
export async function getAccountLocale(db: Db, userId: string): Promise<Locale> {
  return accountLocale(await findAccountLocale(db, userId));
}
