import type { CalendarClosing } from '@firstday/common/announcements';
import { DEFAULT_CURRENCY } from '@firstday/common/currency';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { getPayoutHeldUntil } from '../payments/payout-hold.ts';
import { payments, payouts } from '../payments/schema.ts';
import { type AnnouncementRow, announcements } from './schema.ts';

/** The outbox topic of a calendar's participant e-mails: counted together for the creator. */
export function getParticipantMailTopic(announcement: Pick<AnnouncementRow, 'kind' | 'calendarId'>): string {
  return `${announcement.kind === 'announcement' ? 'celebration' : 'notice'}:${announcement.calendarId}`;
}

/** The outbox key of a participant e-mail: one per calendar and address, whatever the retries. */
export function getParticipantMailKey(announcement: Pick<AnnouncementRow, 'kind' | 'calendarId'>, email: string) {
  return `${getParticipantMailTopic(announcement)}:${email.toLowerCase()}`;
}

/** `CalendarClosing` for each ended calendar among `calendarIds` (others are absent). */
export async function loadClosings(db: Db, calendarIds: string[]): Promise<Map<string, CalendarClosing>> {
  if (calendarIds.length === 0) return new Map();
  const rows = await db.select().from(announcements).where(inArray(announcements.calendarId, calendarIds));
  if (rows.length === 0) return new Map();
  const ids = rows.map((row) => row.calendarId);
  const [payoutRows, refundRows, recipientRows] = await Promise.all([
    db.select().from(payouts).where(inArray(payouts.calendarId, ids)),
    db
      .select({
        calendarId: payments.calendarId,
        count: sql<number>`count(*) filter (where ${payments.status} = 'refunded')`.mapWith(Number),
        amount:
          sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'refunded'), 0)`.mapWith(
            Number,
          ),
        pending: sql<number>`count(*) filter (where ${payments.status} = 'succeeded')`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          inArray(payments.calendarId, ids),
          eq(payments.purpose, 'gift'),
          or(eq(payments.status, 'refunded'), and(eq(payments.status, 'succeeded'), isNotNull(payments.refundDueAt))),
        ),
      )
      .groupBy(payments.calendarId),
    db
      .select({
        calendarId: calendars.id,
        currency: calendars.currency,
        payoutsEnabled: calendars.payoutRecipientPayoutsEnabled,
        ibanChangedAt: calendars.ibanChangedAt,
      })
      .from(calendars)
      .where(inArray(calendars.id, ids)),
  ]);
  const closings = new Map<string, CalendarClosing>();
  for (const row of rows) {
    const payout = payoutRows.find((candidate) => candidate.calendarId === row.calendarId);
    const refunds = refundRows.find((candidate) => candidate.calendarId === row.calendarId);
    const recipient = recipientRows.find((candidate) => candidate.calendarId === row.calendarId);
    // All of a calendar's money is in its currency.
    const currency = recipient?.currency ?? DEFAULT_CURRENCY;
    // The provider has not cleared the parents' account for payouts yet (Stripe verification).
    const unverified = payout?.status === 'pending' && recipient?.payoutsEnabled === false;
    // Not submitted yet because the IBAN was changed recently (payments/payout-hold.ts).
    const heldUntil =
      payout?.status === 'pending' && !payout.providerRef && recipient ? getPayoutHeldUntil(recipient) : undefined;
    closings.set(row.calendarId, {
      kind: row.kind,
      birthDate: row.birthDate,
      thankYouMessage: row.thankYouMessage,
      gifts: row.gifts,
      babyName: row.babyName,
      babyImageId: row.babyImageId,
      birthTimeMinutes: row.birthTimeMinutes,
      birthWeightGrams: row.birthWeightGrams,
      closedAt: row.createdAt.toISOString(),
      welcomeGifts: row.welcomeGiftsUntil
        ? {
            until: row.welcomeGiftsUntil.toISOString(),
            closedAt: row.welcomeGiftsClosedAt?.toISOString() ?? null,
          }
        : null,
      payout: payout
        ? {
            amount: payout.amount,
            currency,
            status: payout.status,
            ...(payout.failureReason ? { failureReason: payout.failureReason } : {}),
            ...(unverified ? { awaitingVerification: true } : {}),
            ...(heldUntil ? { heldUntil: heldUntil.toISOString() } : {}),
          }
        : null,
      refunds: refunds ? { count: refunds.count, amount: refunds.amount, currency, pending: refunds.pending } : null,
      emails: await loadParticipantMailStatus(db, row),
    });
  }
  return closings;
}

export async function loadClosing(db: Db, calendarId: string): Promise<CalendarClosing | undefined> {
  return (await loadClosings(db, [calendarId])).get(calendarId);
}

/** Counts from the outbox itself, so 'sent' and 'failed for good' are the worker's truth. */
async function loadParticipantMailStatus(db: Db, announcement: AnnouncementRow): Promise<CalendarClosing['emails']> {
  const rows = await db
    .select({ to: mailOutbox.to, status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, getParticipantMailTopic(announcement)));
  return {
    total: rows.length,
    sent: rows.filter((row) => row.status === 'sent').length,
    failed: rows
      .filter((row) => row.status === 'failed')
      .map((row) => row.to)
      .sort(),
  };
}
