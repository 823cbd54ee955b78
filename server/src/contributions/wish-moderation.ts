import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import { contributions } from './schema.ts';

/**
 * The parents' moderation (docs/decisions/023-wish-moderation.md): a hidden wish is off the public
 * page, the public counts and every keepsake, but stays in the parents' inbox and export; a removed
 * wish has its words and guess erased, while its row (and gift) stays for the ledger and totals.
 */

/** Contributions the public may see: neither hidden nor removed. */
export const shownOnPage: SQL = and(isNull(contributions.hiddenAt), isNull(contributions.removedAt))!;

/** Contributions still in the parents' inbox: all but removed ones. */
export const notRemoved: SQL = isNull(contributions.removedAt);

/** A removed contribution still counts where money is concerned: kept when it carried a gift. */
export const notRemovedOrWithGift: SQL = or(isNull(contributions.removedAt), isNotNull(contributions.giftAmount))!;

/** A confirmed, not removed wish of one of the owner's calendars: the only ones the parents can moderate. */
function ownedModeratable(ownerId: string, id: string): SQL {
  return and(
    eq(contributions.id, id),
    eq(contributions.status, 'confirmed'),
    notRemoved,
    inArray(
      contributions.calendarId,
      sql`(select ${calendars.id} from ${calendars} where ${calendars.ownerId} = ${ownerId})`,
    ),
  )!;
}

/** The calendar whose public page changed, or undefined when the wish is not this owner's (the route answers 404). */
async function moderate(
  db: Db,
  ownerId: string,
  id: string,
  set: PgUpdateSetSource<typeof contributions>,
): Promise<string | undefined> {
  const [row] = await db
    .update(contributions)
    .set({ ...set, updatedAt: new Date() })
    .where(ownedModeratable(ownerId, id))
    .returning({ calendarId: contributions.calendarId });
  return row?.calendarId;
}

/** Hides the wish from the public page; hiding it again keeps the first time. */
export function hideWish(db: Db, ownerId: string, id: string): Promise<string | undefined> {
  return moderate(db, ownerId, id, { hiddenAt: sql`coalesce(${contributions.hiddenAt}, now())` });
}

export function showWish(db: Db, ownerId: string, id: string): Promise<string | undefined> {
  return moderate(db, ownerId, id, { hiddenAt: null });
}

/** A wish removed for good, by its parents or by its guest: off every list and e-mail. */
export const REMOVED_WISH = {
  removedAt: sql`now()`,
  wish: '',
  guessedTimeMinutes: null,
  guessedWeightGrams: null,
  readAt: sql`coalesce(${contributions.readAt}, now())`,
  digestedAt: sql`coalesce(${contributions.digestedAt}, now())`,
} satisfies PgUpdateSetSource<typeof contributions>;

/**
 * Removes the wish for good: its words and the guest's guesses are erased (the guessed day is a
 * required column, so it stays in the row but is never read again), and it counts as read and
 * digested so no list or e-mail brings it back. The row, its payment and its gift stay.
 */
export function removeWish(db: Db, ownerId: string, id: string): Promise<string | undefined> {
  return moderate(db, ownerId, id, REMOVED_WISH);
}

/** How many of the calendar's confirmed wishes are hidden from its page (for the owner's view of it). */
export async function countHiddenWishes(db: Db, calendarId: string): Promise<number> {
  const [row] = await db
    .select({ hidden: sql<number>`count(*)`.mapWith(Number) })
    .from(contributions)
    .where(
      and(
        eq(contributions.calendarId, calendarId),
        eq(contributions.status, 'confirmed'),
        isNotNull(contributions.hiddenAt),
        notRemoved,
      ),
    );
  return row?.hidden ?? 0;
}
