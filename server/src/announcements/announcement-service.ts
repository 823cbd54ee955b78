import { randomUUID } from 'node:crypto';
import type { AnnounceRequest, CloseCalendarRequest } from '@firstday/common/announcements';
import { toIsoDate } from '@firstday/common/calendars';
import type { Locale } from '@firstday/common/locales';
import { getWelcomeGiftsEnd } from '@firstday/common/welcome-gifts';
import { and, desc, eq, min, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { findCalendarOwner } from '../calendars/calendar-owner.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { hasGuestContact } from '../contributions/guest-contact.ts';
import { contributions } from '../contributions/schema.ts';
import { notRemovedOrWithGift } from '../contributions/wish-moderation.ts';
import { images } from '../images/schema.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { createPayoutRecord, type PayoutRow, sumCollectedGifts } from '../payments/payouts.ts';
import { payments } from '../payments/schema.ts';
import { SETTLE_CALENDAR_JOB } from '../payments/settlement-job.ts';
import { enqueueCreatorConfirmation, enqueueParticipantMails } from './announcement-mail.ts';
import { enqueueRefundNotices } from './refund-notices.ts';
import { type AnnouncementRow, announcements } from './schema.ts';

/** The earliest time zone is UTC+14: a birth 'today' there may still be tomorrow in UTC. */
const EARLIEST_ZONE_MS = 14 * 3600_000;
/** And the latest is UTC−12, for the calendar's creation day. */
const LATEST_ZONE_MS = 12 * 3600_000;

type BabyDetails = {
  babyName: string | null;
  babyImageId: string | null;
  birthTimeMinutes: number | null;
  birthWeightGrams: number | null;
};

type End =
  | ({ kind: 'announcement'; birthDate: string; thankYouMessage: string; welcomeGifts: boolean } & BabyDetails)
  | { kind: 'close'; gifts: CloseCalendarRequest['gifts']; notifyParticipants: boolean; message?: string };

/** 400 `fields.birthDate` for a date in the future or before the calendar was created. */
export function assertBirthDate(calendar: Pick<CalendarRow, 'createdAt'>, birthDate: string, now = new Date()): void {
  const parsed = new Date(`${birthDate}T00:00:00Z`);
  let problem: string | undefined;
  if (Number.isNaN(parsed.getTime()) || toIsoDate(parsed) !== birthDate) problem = 'Please enter a real date.';
  else if (birthDate > toIsoDate(new Date(now.getTime() + EARLIEST_ZONE_MS))) {
    problem = 'The birth date cannot be in the future.';
  } else if (birthDate < toIsoDate(new Date(calendar.createdAt.getTime() - LATEST_ZONE_MS))) {
    problem = 'The birth date cannot be before the calendar was created.';
  }
  if (problem) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { birthDate: problem },
    });
  }
}

/** 400 `fields.babyImageId` unless the photo is an uploaded image of the calendar's owner. */
export async function assertOwnImage(db: Db, ownerId: string, imageId: string): Promise<void> {
  const [found] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.ownerId, ownerId)));
  if (!found) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { babyImageId: 'This photo could not be found. Please upload it again.' },
    });
  }
}

export async function announceCalendar(context: AppContext, calendar: CalendarRow, input: AnnounceRequest) {
  assertBirthDate(calendar, input.birthDate);
  if (input.babyImageId) await assertOwnImage(context.db, calendar.ownerId, input.babyImageId);
  return endCalendar(context, calendar, {
    kind: 'announcement',
    birthDate: input.birthDate,
    thankYouMessage: input.thankYouMessage,
    babyName: input.babyName ?? null,
    babyImageId: input.babyImageId?.toLowerCase() ?? null,
    birthTimeMinutes: input.birthTimeMinutes ?? null,
    birthWeightGrams: input.birthWeight ?? null,
    welcomeGifts: input.welcomeGifts ?? false,
  });
}

export function closeCalendar(context: AppContext, calendar: CalendarRow, input: CloseCalendarRequest) {
  return endCalendar(context, calendar, { kind: 'close', ...input });
}

/**
 * Ends an active calendar in ONE transaction: the conditional status update (active → announced)
 * is the lock two concurrent requests meet, so exactly one records the end (unique per calendar),
 * fixes the payout amount, marks gifts for refund and queues the e-mails; the other answers what
 * the winner recorded. After the commit, the provider calls (payout, refunds) are scheduled; they
 * are idempotent and resumed by a repeated request or by reconciliation after a crash.
 */
async function endCalendar(context: AppContext, calendar: CalendarRow, end: End): Promise<AnnouncementRow> {
  if (calendar.status === 'draft') {
    throw new AppError('calendar_not_active', 'This calendar is not active yet.', 409);
  }
  const created = await context.db.transaction(async (tx) => {
    const [locked] = await tx
      .update(calendars)
      .set({ status: 'announced', updatedAt: new Date() })
      .where(and(eq(calendars.id, calendar.id), eq(calendars.status, 'active')))
      .returning();
    if (!locked) return undefined;
    // Welcome gifts after the birth (decision 026): the page stays open for them, within the
    // holding limit of the oldest gift, and the payout waits for the window's end (welcome-gifts.ts).
    const welcomeGiftsUntil =
      end.kind === 'announcement' && end.welcomeGifts
        ? getWelcomeGiftsEnd(new Date(), await findOldestGiftAt(tx, calendar.id), locked.ibanMasked)
        : null;
    const [announcement] = await tx
      .insert(announcements)
      .values({
        id: randomUUID(),
        calendarId: calendar.id,
        kind: end.kind,
        birthDate: end.kind === 'announcement' ? end.birthDate : null,
        thankYouMessage: end.kind === 'announcement' ? end.thankYouMessage : null,
        ...(end.kind === 'announcement'
          ? {
              babyName: end.babyName,
              babyImageId: end.babyImageId,
              birthTimeMinutes: end.birthTimeMinutes,
              birthWeightGrams: end.birthWeightGrams,
              welcomeGiftsUntil,
            }
          : {}),
        gifts: end.kind === 'announcement' ? 'pay_out' : end.gifts,
        notifyParticipants: end.kind === 'announcement' ? true : end.notifyParticipants,
        noticeMessage: end.kind === 'close' ? (end.message ?? null) : null,
      })
      .returning();
    const row = announcement!;
    let payout: PayoutRow | null = null;
    let refundCount = 0;
    if (row.gifts === 'pay_out') {
      // With welcome gifts the payout is fixed at their end, for everything collected (welcome-gifts.ts).
      const amount = welcomeGiftsUntil ? 0 : await sumCollectedGifts(tx, calendar.id);
      if (amount > 0) {
        payout = await createPayoutRecord(tx, {
          calendarId: calendar.id,
          amount,
          currency: calendar.currency,
          provider: context.payments.name,
        });
      }
    } else {
      const refunded = await markGiftsForRefund(tx, calendar.id);
      refundCount = refunded.length;
      await enqueueRefundNotices(tx, context.env.APP_URL, locked, refunded);
    }
    const participantMails = row.notifyParticipants
      ? await enqueueParticipantMails(tx, context.env, locked, row, await listParticipants(tx, calendar.id))
      : 0;
    const owner = await findCalendarOwner(tx, calendar.id);
    if (owner) {
      await enqueueCreatorConfirmation(tx, context.env, owner, locked, row, {
        payout,
        refundCount,
        participantMails,
      });
    }
    const [counted] = await tx
      .update(announcements)
      .set({ emailsQueued: participantMails })
      .where(eq(announcements.id, row.id))
      .returning();
    return counted!;
  });

  if (created) {
    context.publicCalendars.invalidate(calendar.id);
    context.wakeMailWorker();
  }
  const announcement = created ?? (await findAnnouncement(context.db, calendar.id));
  if (!announcement) throw new AppError('calendar_closed', 'This calendar is closed.', 409);
  if (announcement.kind !== end.kind) {
    throw new AppError(
      'calendar_closed',
      announcement.kind === 'announcement'
        ? 'This calendar is closed to new guesses and gifts.'
        : 'This calendar is closed.',
      409,
    );
  }
  // The provider side (payout, refunds) is a background job; a repeated request resumes it.
  await context.jobs.enqueue(SETTLE_CALENDAR_JOB, calendar.id);
  return announcement;
}

export async function findAnnouncement(db: Db, calendarId: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.calendarId, calendarId));
  return row;
}

/**
 * Every distinct address with a confirmed contribution (lower-cased when stored), with the language
 * of its latest one: a guest who wrote twice is e-mailed once, in the language they used last. A
 * wish the parents removed makes no participant unless it carried a gift (decision 023); a guest who
 * deleted their details left no address.
 */
async function listParticipants(db: Db, calendarId: string): Promise<{ email: string; locale: Locale }[]> {
  return db
    .selectDistinctOn([contributions.email], { email: contributions.email, locale: contributions.locale })
    .from(contributions)
    .where(
      and(
        eq(contributions.calendarId, calendarId),
        eq(contributions.status, 'confirmed'),
        notRemovedOrWithGift,
        hasGuestContact,
      ),
    )
    .orderBy(contributions.email, desc(contributions.createdAt));
}

/** When the calendar's oldest gift still held was paid, or null without one. */
async function findOldestGiftAt(db: Db, calendarId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(payments.createdAt) })
    .from(payments)
    .where(and(eq(payments.calendarId, calendarId), eq(payments.purpose, 'gift'), eq(payments.status, 'succeeded')));
  return row?.at ? new Date(row.at) : null;
}

/** Marks every collected gift of the calendar refund-due; returns their payment ids. */
async function markGiftsForRefund(db: Db, calendarId: string): Promise<string[]> {
  const marked = await db
    .update(payments)
    .set({ refundDueAt: sql`coalesce(${payments.refundDueAt}, now())` })
    .where(and(eq(payments.calendarId, calendarId), eq(payments.purpose, 'gift'), eq(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return marked.map((row) => row.id);
}
