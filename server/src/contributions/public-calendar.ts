import type { PublicCalendar, PublicGuess, PublicWish } from '@firstday/common/contributions';
import { WISHES_PAGE_SIZE } from '@firstday/common/contributions';
import { getGuessWindow } from '@firstday/common/guess-window';
import type { Locale } from '@firstday/common/locales';
import { isUuid } from '@firstday/common/uuid';
import { and, asc, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { announcements } from '../announcements/schema.ts';
import { findWelcomeWindow, isWelcomeWindowOpen } from '../announcements/welcome-window.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { calendars } from '../calendars/schema.ts';
import { images } from '../images/schema.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { pickClosestTimes, pickClosestWeights } from './closest-guesses.ts';
import { toPublicName } from './display-name.ts';
import type { CachedPublicCalendar, PublicCalendarBuild, PublicCalendarCache } from './public-calendar-cache.ts';
import { contributions } from './schema.ts';
import { shownOnPage } from './wish-moderation.ts';

const SLUG = /^[0-9A-Za-z]{6,40}$/;

/** A calendar the public may see (not a draft), or undefined. */
export async function findPublicCalendarRow(db: Db, slug: string): Promise<CalendarRow | undefined> {
  if (!SLUG.test(slug)) return undefined;
  const [row] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.slug, slug), ne(calendars.status, 'draft')));
  return row;
}

/** The wishes cursor is the id of the last wish of the previous page (keyset paging, exact order). */
export function readWishesCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  if (!isUuid(cursor)) throw new AppError('invalid_cursor', 'This page link is not valid.', 400);
  return cursor.toLowerCase();
}

/**
 * `GET /api/public/calendars/:slug` as JSON text, from the cache: the API answers it, and the guest
 * page's server rendering reads the first page from it. Undefined for a draft or an unknown slug.
 * Cached per reader's language: an automatic title is worded for the reader.
 */
export function loadPublicCalendar(
  context: { db: Db; publicCalendars: PublicCalendarCache },
  slug: string,
  options: { cursor?: string; locale: Locale },
): Promise<CachedPublicCalendar | undefined> {
  const { cursor, locale } = options;
  return context.publicCalendars.load(`${slug}|${locale}|${cursor ?? ''}`, () =>
    buildPublicCalendar(context.db, slug, cursor, locale),
  );
}

/**
 * Builds `GET /api/public/calendars/:slug` as JSON text, from explicit field lists: the e-mail,
 * the amounts and (when hidden) the names are never read into the answer at all.
 */
export async function buildPublicCalendar(
  db: Db,
  slug: string,
  cursor: string | undefined,
  locale: Locale,
): Promise<PublicCalendarBuild | undefined> {
  const calendar = await findPublicCalendarRow(db, slug);
  if (!calendar?.dueDate) return undefined;
  const confirmed = and(eq(contributions.calendarId, calendar.id), eq(contributions.status, 'confirmed'));
  // What the parents hid or removed is not on the page; its gift still counts in the total.
  const shown = and(confirmed, shownOnPage);

  const [guessRows, [stats], wishRows, [cover]] = await Promise.all([
    db
      // Welcome gifts (after the birth) have no guess.
      .select({ date: contributions.guessedDate, name: contributions.name })
      .from(contributions)
      .where(and(shown, isNotNull(contributions.guessedDate)))
      .orderBy(asc(contributions.guessedDate), asc(contributions.createdAt), asc(contributions.id)),
    db
      .select({
        participants: sql<number>`count(distinct ${contributions.email}) filter (where ${shownOnPage})`.mapWith(Number),
        raisedAmount: sql<number>`coalesce(sum(${contributions.giftAmount}), 0)`.mapWith(Number),
      })
      .from(contributions)
      .where(confirmed),
    db
      .select({
        id: contributions.id,
        name: contributions.name,
        guessedDate: contributions.guessedDate,
        wish: contributions.wish,
        createdAt: contributions.createdAt,
      })
      .from(contributions)
      .where(
        cursor
          ? and(
              shown,
              sql`(${contributions.createdAt}, ${contributions.id}) < (select c.created_at, c.id from contributions c where c.id = ${cursor} and c.calendar_id = ${calendar.id})`,
            )
          : shown,
      )
      .orderBy(desc(contributions.createdAt), desc(contributions.id))
      .limit(WISHES_PAGE_SIZE + 1),
    calendar.coverImageId
      ? db
          .select({ id: images.id, width: images.width, height: images.height })
          .from(images)
          .where(eq(images.id, calendar.coverImageId))
      : [],
  ]);

  const hide = calendar.hideSenderNames;
  const guesses: PublicGuess[] = guessRows.map((row) => ({ date: row.date!, name: toPublicName(row.name, hide) }));
  const page = wishRows.slice(0, WISHES_PAGE_SIZE);
  const wishes: PublicWish[] = page.map((row) => ({
    id: row.id,
    name: toPublicName(row.name, hide),
    guessedDate: row.guessedDate,
    wish: row.wish,
    createdAt: row.createdAt.toISOString(),
  }));
  const answer: PublicCalendar = {
    slug: calendar.slug,
    status: calendar.status as PublicCalendar['status'],
    title: getCalendarTitle(calendar, locale),
    parentNames: calendar.firstName,
    currency: calendar.currency,
    dueDate: calendar.dueDate,
    background: calendar.background,
    guessTime: calendar.guessTime,
    guessWeight: calendar.guessWeight,
    coverImageId: cover?.id ?? null,
    coverImageSize: cover ? { width: cover.width, height: cover.height } : null,
    parentsNote: calendar.parentsNote,
    window: getGuessWindow(calendar.dueDate),
    guesses,
    ...(calendar.hideTotal ? {} : { totalRaisedAmount: stats?.raisedAmount ?? 0 }),
    participants: stats?.participants ?? 0,
    wishes: { items: wishes, nextCursor: wishRows.length > WISHES_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null },
    welcomeGifts: await buildWelcomeGifts(db, calendar),
    announcement: await buildPublicAnnouncement(db, calendar),
  };
  return { calendarId: calendar.id, body: JSON.stringify(answer) };
}

/** While the parents keep the page open for welcome gifts (decision 026): until when. */
async function buildWelcomeGifts(db: Db, calendar: CalendarRow): Promise<PublicCalendar['welcomeGifts']> {
  if (calendar.status !== 'announced') return null;
  const window = await findWelcomeWindow(db, calendar.id);
  return isWelcomeWindowOpen(window, new Date()) ? { until: window.until.toISOString() } : null;
}

const CLOSEST_GUESSES_SHOWN = 3;
const CLOSEST_GUESSES_MAX = 10;

/**
 * The birth and the closest guesses (for fun, no reward): the three nearest days' guesses, plus
 * any tied with the third, at most ten. A close without celebration shows no birth details.
 */
async function buildPublicAnnouncement(db: Db, calendar: CalendarRow): Promise<PublicCalendar['announcement']> {
  if (calendar.status !== 'announced' && calendar.status !== 'paid_out') return null;
  const [announcement] = await db.select().from(announcements).where(eq(announcements.calendarId, calendar.id));
  if (announcement?.kind !== 'announcement' || !announcement.birthDate) return null;
  const distance = sql<number>`abs(${contributions.guessedDate} - ${announcement.birthDate}::date)`.mapWith(Number);
  const rows = await db
    .select({ date: contributions.guessedDate, name: contributions.name, distance })
    .from(contributions)
    .where(
      and(
        eq(contributions.calendarId, calendar.id),
        eq(contributions.status, 'confirmed'),
        shownOnPage,
        isNotNull(contributions.guessedDate),
      ),
    )
    .orderBy(distance, asc(contributions.createdAt), asc(contributions.id))
    .limit(CLOSEST_GUESSES_MAX);
  const cutoff = rows[Math.min(CLOSEST_GUESSES_SHOWN, rows.length) - 1]?.distance ?? 0;
  return {
    birthDate: announcement.birthDate,
    message: announcement.thankYouMessage ?? '',
    closestGuesses: rows
      .filter((row) => row.distance <= cutoff)
      .map((row) => ({ date: row.date!, name: toPublicName(row.name, calendar.hideSenderNames) })),
    babyName: announcement.babyName,
    babyImageId: announcement.babyImageId,
    birthTimeMinutes: announcement.birthTimeMinutes,
    birthWeightGrams: announcement.birthWeightGrams,
    ...(await buildClosestFunGuesses(db, calendar, announcement)),
  };
}

/**
 * The time and weight guesses nearest the announced ones (for fun, no prize), for each the
 * calendar asked and the parents gave; names follow the hide flag, amounts are never read.
 */
async function buildClosestFunGuesses(
  db: Db,
  calendar: CalendarRow,
  announcement: typeof announcements.$inferSelect,
): Promise<Pick<NonNullable<PublicCalendar['announcement']>, 'closestTimeGuesses' | 'closestWeightGuesses'>> {
  const birthTime = calendar.guessTime ? announcement.birthTimeMinutes : null;
  const birthWeight = calendar.guessWeight ? announcement.birthWeightGrams : null;
  if (birthTime === null && birthWeight === null) return { closestTimeGuesses: null, closestWeightGuesses: null };
  const rows = await db
    .select({
      name: contributions.name,
      minutes: contributions.guessedTimeMinutes,
      grams: contributions.guessedWeightGrams,
    })
    .from(contributions)
    .where(
      and(
        eq(contributions.calendarId, calendar.id),
        eq(contributions.status, 'confirmed'),
        shownOnPage,
        or(isNotNull(contributions.guessedTimeMinutes), isNotNull(contributions.guessedWeightGrams)),
      ),
    )
    .orderBy(asc(contributions.createdAt), asc(contributions.id));
  const hide = calendar.hideSenderNames;
  return {
    closestTimeGuesses: birthTime === null ? null : pickClosestTimes(rows, birthTime, hide),
    closestWeightGuesses: birthWeight === null ? null : pickClosestWeights(rows, birthWeight, hide),
  };
}
