import type { OwnerWish, WishFilter } from '@firstday/common/contributions';
import { WISHES_PAGE_SIZE } from '@firstday/common/contributions';
import { formatTimeInput } from '@firstday/common/fun-guesses';
import type { Locale } from '@firstday/common/locales';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import { payments } from '../payments/schema.ts';
import { getInitials } from './display-name.ts';
import { isDeletedByGuest, readGuestEmail } from './guest-contact.ts';
import { type ContributionRow, contributions } from './schema.ts';
import { notRemoved, notRemovedOrWithGift } from './wish-moderation.ts';

/** Contributions of the owner's calendars (optionally one of them), whatever their status. */
function ownedContributions(ownerId: string, calendarId?: string): SQL {
  return and(
    inArray(
      contributions.calendarId,
      sql`(select ${calendars.id} from ${calendars} where ${calendars.ownerId} = ${ownerId})`,
    ),
    calendarId ? eq(contributions.calendarId, calendarId) : undefined,
  )!;
}

/** Confirmed contributions of the owner's calendars (optionally one of them): what the creator sees. */
function ownedConfirmed(ownerId: string, calendarId?: string): SQL {
  return and(eq(contributions.status, 'confirmed'), ownedContributions(ownerId, calendarId))!;
}

/** The wishes in the creator's inbox: confirmed ones, hidden included, removed ones not. */
function ownedInbox(ownerId: string, calendarId?: string): SQL {
  return and(ownedConfirmed(ownerId, calendarId), notRemoved)!;
}

export async function countUnreadWishes(db: Db, ownerId: string, calendarId?: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)`.mapWith(Number) })
    .from(contributions)
    .where(and(ownedInbox(ownerId, calendarId), isNull(contributions.readAt)));
  return row?.unread ?? 0;
}

/** The inbox's filter as a condition: unread wishes, or those with a gift. */
function matchesFilter(show: WishFilter): SQL | undefined {
  if (show === 'unread') return isNull(contributions.readAt);
  if (show === 'gift') return gt(contributions.giftAmount, 0);
  return undefined;
}

/** A contribution with what the inbox and the export show of its calendar (join `calendars`). */
const wishWithItsCalendar = {
  contribution: contributions,
  title: calendars.title,
  firstName: calendars.firstName,
  currency: calendars.currency,
};

/** Newest first, keyset-paged by the last wish's id (exact order even for equal timestamps). */
export async function listOwnerWishes(
  db: Db,
  ownerId: string,
  options: { calendarId?: string; show?: WishFilter; cursor?: string; locale: Locale },
): Promise<{ items: OwnerWish[]; nextCursor: string | null }> {
  const rows = await db
    .select(wishWithItsCalendar)
    .from(contributions)
    .innerJoin(calendars, eq(calendars.id, contributions.calendarId))
    .where(
      and(
        ownedInbox(ownerId, options.calendarId),
        matchesFilter(options.show ?? 'all'),
        options.cursor
          ? sql`(${contributions.createdAt}, ${contributions.id}) < (select c.created_at, c.id from contributions c where c.id = ${options.cursor})`
          : undefined,
      ),
    )
    .orderBy(desc(contributions.createdAt), desc(contributions.id))
    .limit(WISHES_PAGE_SIZE + 1);
  const page = rows.slice(0, WISHES_PAGE_SIZE);
  return {
    items: page.map(({ contribution, title, firstName, currency }) => ({
      id: contribution.id,
      calendarId: contribution.calendarId,
      calendarTitle: getCalendarTitle({ title, firstName }, options.locale),
      predictedDate: contribution.guessedDate,
      name: contribution.name,
      initials: getInitials(contribution.name),
      email: readGuestEmail(contribution.email),
      wish: contribution.wish,
      giftAmount: contribution.giftAmount ?? 0,
      currency,
      createdAt: contribution.createdAt.toISOString(),
      read: contribution.readAt !== null,
      hidden: contribution.hiddenAt !== null,
    })),
    nextCursor: rows.length > WISHES_PAGE_SIZE ? (page.at(-1)?.contribution.id ?? null) : null,
  };
}

/** Marks one wish read; false when it is not a wish in this owner's inbox (the route answers 404). */
export async function markWishRead(db: Db, ownerId: string, id: string): Promise<boolean> {
  const [row] = await db
    .update(contributions)
    .set({ readAt: sql`coalesce(${contributions.readAt}, now())` })
    .where(and(eq(contributions.id, id), ownedInbox(ownerId)))
    .returning({ id: contributions.id });
  return row !== undefined;
}

/** Marks every unread wish of the owner's inbox (or of one of their calendars) read; how many were unread. */
export async function markAllWishesRead(db: Db, ownerId: string, calendarId?: string): Promise<number> {
  const rows = await db
    .update(contributions)
    .set({ readAt: sql`now()` })
    .where(and(ownedInbox(ownerId, calendarId), isNull(contributions.readAt)))
    .returning({ id: contributions.id });
  return rows.length;
}

/** Cells a spreadsheet would run as a formula start with one of these (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function toCsvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The export's 'On the page' cell: the parents' moderation, empty for a gift that was never public. */
function describePagePresence(contribution: ContributionRow): string {
  if (isDeletedByGuest(contribution)) return 'deleted by the guest';
  if (contribution.removedAt) return 'removed';
  if (contribution.hiddenAt) return 'hidden';
  return contribution.status === 'confirmed' ? 'shown' : '';
}

/** A gift's money goes (or went) back to its sender: refunded, or due for a refund. */
const giftGoesBack = or(
  eq(payments.status, 'refunded'),
  and(eq(payments.status, 'succeeded'), isNotNull(payments.refundDueAt)),
);

/**
 * Every confirmed wish and guess of the owner's calendars as RFC 4180 CSV (with a BOM for Excel),
 * plus the gifts that go back: a late gift (charged after the end, never public) is listed as
 * refunded too, so the export matches the ledger. A declined or failed gift is never listed.
 * A wish the parents removed is listed only for its gift, without its words or guess; one its guest
 * deleted, also without the guest's name and address.
 */
export async function exportWishesCsv(
  db: Db,
  ownerId: string,
  options: { calendarId?: string; locale: Locale },
): Promise<string> {
  const { calendarId } = options;
  const rows = await db
    .select({
      ...wishWithItsCalendar,
      refunded: sql<boolean>`coalesce(${giftGoesBack}, false)`,
    })
    .from(contributions)
    .innerJoin(calendars, eq(calendars.id, contributions.calendarId))
    .leftJoin(payments, eq(payments.id, contributions.paymentId))
    .where(
      and(
        or(
          ownedConfirmed(ownerId, calendarId),
          and(ownedContributions(ownerId, calendarId), eq(contributions.status, 'failed'), giftGoesBack),
        ),
        notRemovedOrWithGift,
      ),
    )
    .orderBy(asc(calendars.createdAt), desc(contributions.createdAt), desc(contributions.id));
  const header = [
    'Calendar',
    'Name',
    'E-mail',
    'Guessed date',
    'Guessed time',
    'Guessed weight (g)',
    'Wish',
    'Gift',
    'Currency',
    'Gift status',
    'Sent at (UTC)',
    'Read',
    'On the page',
  ];
  const lines = rows.map(({ contribution, title, firstName, currency, refunded }) =>
    [
      getCalendarTitle({ title, firstName }, options.locale),
      contribution.name,
      readGuestEmail(contribution.email),
      contribution.removedAt ? null : contribution.guessedDate,
      contribution.guessedTimeMinutes === null ? null : formatTimeInput(contribution.guessedTimeMinutes),
      contribution.guessedWeightGrams,
      contribution.wish,
      // USD, EUR and GBP all have two decimals.
      contribution.giftAmount ? (contribution.giftAmount / 100).toFixed(2) : '',
      contribution.giftAmount ? currency.toUpperCase() : '',
      // A wish without a gift has no gift status: empty, like its amount.
      contribution.giftAmount ? (refunded ? 'refunded' : 'given') : '',
      contribution.createdAt.toISOString(),
      contribution.readAt ? 'yes' : 'no',
      describePagePresence(contribution),
    ]
      .map(toCsvCell)
      .join(','),
  );
  return `\uFEFF${[header.map(toCsvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
