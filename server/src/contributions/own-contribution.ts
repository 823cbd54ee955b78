import type { OwnContribution, UpdateOwnContribution } from '@firstday/common/contributions';
import { getGuessWindow } from '@firstday/common/guess-window';
import type { Locale } from '@firstday/common/locales';
import { isUuid } from '@firstday/common/uuid';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { calendars } from '../calendars/schema.ts';
import { AppError } from '../lib/errors.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { getReceiptDedupeKey, matchesEditToken } from './contribution-receipt.ts';
import {
  assertCalendarOpen,
  assertFunGuessesAsked,
  assertGuessInWindow,
  assertGuessNotPast,
} from './contribution-service.ts';
import { ERASED_GUEST_DETAILS } from './guest-contact.ts';
import { contributions } from './schema.ts';
import { REMOVED_WISH } from './wish-moderation.ts';

/** The contribution behind an edit link; a wrong or missing token answers like an unknown id. */
export async function getOwnContribution(context: AppContext, id: string, token: string | undefined) {
  const notFound = AppError.notFound('This edit link is not valid.');
  if (!isUuid(id) || !token) throw notFound;
  const [found] = await context.db
    .select({ contribution: contributions, calendar: calendars })
    .from(contributions)
    .innerJoin(calendars, eq(calendars.id, contributions.calendarId))
    .where(eq(contributions.id, id));
  // A wish the parents removed for good has no words left to show or edit. One they hid is
  // shown to its guest as written: they are not told.
  if (!found || !matchesEditToken(token, found.contribution.editTokenHash) || found.contribution.removedAt) {
    throw notFound;
  }
  return found;
}

/** `locale`: the reader's language, for an automatic calendar title. */
export function toOwnContribution(
  found: Awaited<ReturnType<typeof getOwnContribution>>,
  locale: Locale,
): OwnContribution {
  const { contribution, calendar } = found;
  return {
    id: contribution.id,
    status: contribution.status,
    name: contribution.name,
    email: contribution.email,
    guessedDate: contribution.guessedDate,
    wish: contribution.wish,
    guessedTimeMinutes: contribution.guessedTimeMinutes,
    guessedWeightGrams: contribution.guessedWeightGrams,
    giftAmount: contribution.giftAmount,
    currency: contribution.currency,
    createdAt: contribution.createdAt.toISOString(),
    editable: calendar.status === 'active',
    calendar: {
      slug: calendar.slug,
      title: getCalendarTitle(calendar, locale),
      status: calendar.status,
      dueDate: calendar.dueDate!,
      background: calendar.background,
      window: getGuessWindow(calendar.dueDate!),
      guessTime: calendar.guessTime,
      guessWeight: calendar.guessWeight,
    },
  };
}

export async function updateOwnContribution(
  context: AppContext,
  found: Awaited<ReturnType<typeof getOwnContribution>>,
  update: UpdateOwnContribution,
  locale: Locale,
  now = new Date(),
): Promise<OwnContribution> {
  assertCalendarOpen(found.calendar);
  assertFunGuessesAsked(found.calendar, update);
  // Moving a guess to a past day is refused; keeping a guess whose day has passed is fine.
  if (update.guessedDate && update.guessedDate !== found.contribution.guessedDate) {
    assertGuessInWindow(found.calendar.dueDate!, update.guessedDate);
    assertGuessNotPast(found.calendar.dueDate!, update.guessedDate, now);
  }
  const [updated] = await context.db
    .update(contributions)
    .set({
      ...(update.guessedDate !== undefined ? { guessedDate: update.guessedDate } : {}),
      ...(update.wish !== undefined ? { wish: update.wish } : {}),
      ...(update.guessedTimeMinutes !== undefined ? { guessedTimeMinutes: update.guessedTimeMinutes } : {}),
      ...(update.guessedWeight !== undefined ? { guessedWeightGrams: update.guessedWeight } : {}),
      updatedAt: new Date(),
    })
    .where(eq(contributions.id, found.contribution.id))
    .returning();
  context.publicCalendars.invalidate(found.calendar.id);
  return toOwnContribution({ contribution: updated!, calendar: found.calendar }, locale);
}

/**
 * The guest deletes their wish and details, at any time (also after the calendar ended). A wish
 * without a payment goes entirely. One with a payment (given, pending or declined) keeps its row,
 * anonymised and removed from every list, so the ledger, the parents' total and the payout still
 * add up: a gift already given stays with the parents and is not refunded. Either way the edit
 * link stops working, so a second deletion answers like an unknown link.
 */
export async function deleteOwnContribution(
  context: AppContext,
  found: Awaited<ReturnType<typeof getOwnContribution>>,
): Promise<void> {
  const { contribution } = found;
  await context.db.transaction(async (tx) => {
    if (contribution.paymentId === null) {
      await tx.delete(contributions).where(eq(contributions.id, contribution.id));
    } else {
      await tx
        .update(contributions)
        .set({ ...REMOVED_WISH, ...ERASED_GUEST_DETAILS, updatedAt: new Date() })
        .where(eq(contributions.id, contribution.id));
    }
    // The receipt's delivery record holds the guest's address and the calendar's title: it goes too.
    await tx.delete(mailOutbox).where(eq(mailOutbox.dedupeKey, getReceiptDedupeKey(contribution.id)));
  });
  context.publicCalendars.invalidate(found.calendar.id);
}
