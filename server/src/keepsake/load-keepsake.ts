import type { Currency } from '@firstday/common/currency';
import { getGuessWindow } from '@firstday/common/guess-window';
import type { KeepsakeBook } from '@firstday/common/keepsake';
import type { Locale } from '@firstday/common/locales';
import { and, asc, eq } from 'drizzle-orm';
import { announcements } from '../announcements/schema.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { toPublicName } from '../contributions/display-name.ts';
import { contributions } from '../contributions/schema.ts';
import { shownOnPage } from '../contributions/wish-moderation.ts';
import type { Db } from '../lib/db.ts';

/** The photos' image ids, for the caller to read their bytes (images/), apart from the plain book. */
export type KeepsakeSource = {
  book: KeepsakeBook;
  coverImageId: string | null;
  babyImageId: string | null;
  /** The calendar's currency, which tells the paper size. */
  currency: Currency;
};

/**
 * The keepsake of an announced calendar, or undefined before the announcement (or after a close
 * without one). `audience` 'owner' keeps the senders' real names; 'public' shows them per the
 * calendar's hide flag. Gift amounts and e-mail addresses are never read. `locale`: the reader's
 * language, for an automatic title.
 */
export async function loadKeepsake(
  db: Db,
  calendar: CalendarRow,
  audience: 'owner' | 'public',
  locale: Locale,
): Promise<KeepsakeSource | undefined> {
  if ((calendar.status !== 'announced' && calendar.status !== 'paid_out') || !calendar.dueDate) return undefined;
  const [announcement] = await db.select().from(announcements).where(eq(announcements.calendarId, calendar.id));
  if (announcement?.kind !== 'announcement' || !announcement.birthDate) return undefined;
  const rows = await db
    .select({
      id: contributions.id,
      name: contributions.name,
      guessedDate: contributions.guessedDate,
      guessedTimeMinutes: contributions.guessedTimeMinutes,
      guessedWeightGrams: contributions.guessedWeightGrams,
      wish: contributions.wish,
      createdAt: contributions.createdAt,
    })
    .from(contributions)
    // Hidden and removed wishes are in no keepsake, the parents' own included: it is printed and kept.
    .where(and(eq(contributions.calendarId, calendar.id), eq(contributions.status, 'confirmed'), shownOnPage))
    .orderBy(asc(contributions.createdAt), asc(contributions.id));
  const hide = audience === 'public' && calendar.hideSenderNames;
  return {
    book: {
      slug: calendar.slug,
      title: getCalendarTitle(calendar, locale),
      parentNames: calendar.firstName,
      dueDate: calendar.dueDate,
      background: calendar.background,
      window: getGuessWindow(calendar.dueDate),
      parentsNote: calendar.parentsNote,
      announcement: {
        birthDate: announcement.birthDate,
        babyName: announcement.babyName,
        birthTimeMinutes: announcement.birthTimeMinutes,
        birthWeightGrams: announcement.birthWeightGrams,
        thankYouMessage: announcement.thankYouMessage,
      },
      wishes: rows.map((row) => ({
        ...row,
        name: toPublicName(row.name, hide),
        createdAt: row.createdAt.toISOString(),
      })),
    },
    coverImageId: calendar.coverImageId,
    babyImageId: announcement.babyImageId,
    currency: calendar.currency,
  };
}
