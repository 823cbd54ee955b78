import {
  END_DAYS_AFTER_DUE_DATE,
  type EndSchedule,
  getEndSchedule,
  HOLDING_LIMIT_DAYS,
  HOLDING_MARGIN_DAYS,
  REMINDER_DAYS_BEFORE_END,
} from '@firstday/common/end-schedule';
import { and, eq, isNotNull, min, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { findCalendarOwner } from '../calendars/calendar-owner.ts';
import { calendars } from '../calendars/schema.ts';
import { createEndReminderEmail } from '../emails/announcements.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { payments } from '../payments/schema.ts';
import { closeCalendar } from './announcement-service.ts';

// Applies the schedule of a calendar whose birth is never announced (common/src/end-schedule.ts,
// docs/decisions/026-holding-limit-schedule.md): reminders, then the end its parents chose.

const DAY_MS = 86_400_000;

export const HOLDING_LIMIT_JOB = 'holding-limit';

/**
 * The hourly run: each active calendar whose first reminder is due gets the reminders due by now
 * (once each: the outbox key), and one whose end has come is closed in the way its parents chose.
 * Only calendars that could be due are read: due long enough ago, or holding a gift long enough.
 */
export async function runHoldingLimitSchedule(
  context: AppContext,
  now: Date = new Date(),
): Promise<{ reminded: number; ended: number }> {
  const firstReminderDays = REMINDER_DAYS_BEFORE_END[0];
  const dueBefore = new Date(now.getTime() - (END_DAYS_AFTER_DUE_DATE - firstReminderDays) * DAY_MS);
  const giftsBefore = new Date(
    now.getTime() - (HOLDING_LIMIT_DAYS.other - HOLDING_MARGIN_DAYS - firstReminderDays) * DAY_MS,
  );
  const oldestGift = context.db
    .select({ calendarId: payments.calendarId, at: min(payments.createdAt).as('oldest_gift_at') })
    .from(payments)
    .where(and(eq(payments.purpose, 'gift'), eq(payments.status, 'succeeded')))
    .groupBy(payments.calendarId)
    .as('oldest_gift');
  const candidates = await context.db
    .select({ calendar: calendars, oldestGiftAt: oldestGift.at })
    .from(calendars)
    .leftJoin(oldestGift, eq(oldestGift.calendarId, calendars.id))
    .where(
      and(
        eq(calendars.status, 'active'),
        isNotNull(calendars.dueDate),
        sql`(${calendars.dueDate} <= ${dueBefore.toISOString().slice(0, 10)} or ${oldestGift.at} <= ${giftsBefore.toISOString()})`,
      ),
    );
  let reminded = 0;
  let ended = 0;
  for (const { calendar, oldestGiftAt } of candidates) {
    const schedule = getEndSchedule(
      { dueDate: calendar.dueDate!, bankAccountMasked: calendar.ibanMasked },
      oldestGiftAt ? new Date(oldestGiftAt) : null,
    );
    try {
      if (now >= schedule.endsAt) {
        // As the parents would close it themselves: a refund tells every participant, a payout
        // without a birth tells nobody but the parents (their confirmation e-mail).
        const gifts = calendar.giftsIfNotAnnounced;
        await closeCalendar(context, calendar, { gifts, notifyParticipants: gifts === 'refund' });
        context.logger.info({ calendarId: calendar.id, reason: schedule.reason, gifts }, 'calendar ended on schedule');
        ended += 1;
        continue;
      }
      const due = schedule.remindAt.filter((at) => now >= at).length;
      if (due > 0 && (await enqueueEndReminder(context, calendar, schedule, due))) reminded += 1;
    } catch (error) {
      context.logger.warn({ calendarId: calendar.id, err: (error as Error).message }, 'end schedule failed: retried');
    }
  }
  if (reminded > 0) context.wakeMailWorker();
  return { reminded, ended };
}

/** Reminder `number` (1 or 2) of this end, at most once: its outbox key names the end date too. */
async function enqueueEndReminder(
  context: AppContext,
  calendar: typeof calendars.$inferSelect,
  schedule: EndSchedule,
  number: number,
): Promise<boolean> {
  const owner = await findCalendarOwner(context.db, calendar.id);
  if (!owner) return false;
  const endsOn = schedule.endsAt.toISOString().slice(0, 10);
  return enqueueMail(context.db, {
    to: owner.email,
    dedupeKey: `end-reminder-${number}:${calendar.id}:${endsOn}`,
    ...(await createEndReminderEmail({
      appUrl: context.env.APP_URL,
      locale: owner.locale,
      name: owner.name,
      calendar: { id: calendar.id, title: owner.calendar.title, background: owner.calendar.background },
      endsOn: schedule.endsAt,
      reason: schedule.reason,
      holdingLimitDays: schedule.holdingLimitDays,
      gifts: calendar.giftsIfNotAnnounced,
    })),
  });
}
