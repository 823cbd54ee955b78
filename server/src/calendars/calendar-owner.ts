import type { Locale } from '@firstday/common/locales';
import { eq, type SQL, sql } from 'drizzle-orm';
import { accountLocale } from '../account/account-locale.ts';
import { userProfiles } from '../account/schema.ts';
import { user } from '../auth/schema.ts';
import type { Db } from '../lib/db.ts';
import { getCalendarTitle } from './calendar-title.ts';
import { calendars } from './schema.ts';

type CalendarRow = typeof calendars.$inferSelect;

/** A calendar's owner as the recipient of an e-mail about it, and what such e-mails show of the calendar. */
export type CalendarOwner = {
  email: string;
  name: string;
  /** The language of the owner's e-mails (English until the account chose one). */
  locale: Locale;
  /** Whether the owner wants an e-mail for each gift (on without a profile row, the default). */
  giftNotifications: boolean;
  /** `title` in the owner's language. */
  calendar: { title: string } & Pick<CalendarRow, 'slug' | 'background' | 'currency'>;
};

/** The owner of a calendar, to write to about it; undefined for an unknown calendar. */
export async function findCalendarOwner(db: Db, calendarId: string): Promise<CalendarOwner | undefined> {
  const [row] = await db
    .select({
      email: user.email,
      name: user.name,
      locale: userProfiles.locale,
      giftNotifications: userProfiles.giftNotifications,
      title: calendars.title,
      firstName: calendars.firstName,
      slug: calendars.slug,
      background: calendars.background,
      currency: calendars.currency,
    })
    .from(calendars)
    .innerJoin(user, eq(user.id, calendars.ownerId))
    .leftJoin(userProfiles, eq(userProfiles.userId, calendars.ownerId))
    .where(eq(calendars.id, calendarId));
  if (!row) return undefined;
  const locale = accountLocale(row.locale);
  return {
    email: row.email,
    name: row.name,
    locale,
    giftNotifications: row.giftNotifications ?? true,
    calendar: {
      title: getCalendarTitle(row, locale),
      slug: row.slug,
      background: row.background,
      currency: row.currency,
    },
  };
}

/**
 * `findCalendarOwner` inside a caller's own statement: joins the owner of `calendar` (a relation
 * with `owner_id`) and selects `ownerColumns`; `readCalendarOwner` reads them back.
 */
export function joinCalendarOwnerSql(calendar: string): { join: SQL; ownerColumns: SQL } {
  const owner = sql.raw(`${calendar}.owner_id`);
  return {
    join: sql`left join ${user} calendar_owner on calendar_owner.id = ${owner}
      left join ${userProfiles} calendar_owner_profile on calendar_owner_profile.user_id = ${owner}`,
    ownerColumns: sql`calendar_owner.email as owner_email, calendar_owner.name as owner_name,
      calendar_owner_profile.locale as owner_locale, calendar_owner_profile.gift_notifications as owner_gift_notifications`,
  };
}

export type CalendarOwnerColumns = {
  owner_email: string | null;
  owner_name: string | null;
  owner_locale: Parameters<typeof accountLocale>[0];
  owner_gift_notifications: boolean | null;
};

/** The owner selected by `joinCalendarOwnerSql`, of `calendar` as read in the same statement. */
export function readCalendarOwner(
  row: CalendarOwnerColumns,
  calendar: Pick<CalendarRow, 'title' | 'firstName' | 'slug' | 'background' | 'currency'>,
): CalendarOwner | undefined {
  if (!row.owner_email) return undefined;
  const locale = accountLocale(row.owner_locale);
  return {
    email: row.owner_email,
    name: row.owner_name ?? '',
    locale,
    giftNotifications: row.owner_gift_notifications ?? true,
    calendar: {
      title: getCalendarTitle(calendar, locale),
      slug: calendar.slug,
      background: calendar.background,
      currency: calendar.currency,
    },
  };
}
