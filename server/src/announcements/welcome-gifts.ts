import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { calendars } from '../calendars/schema.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { createPayoutRecord, sumCollectedGifts } from '../payments/payouts.ts';
import { SETTLE_CALENDAR_JOB } from '../payments/settlement-job.ts';
import { announcements } from './schema.ts';

// The end of the welcome gifts after a birth (decision 026, 'Welcome gifts after the birth'): the
// calendar's one payout, for everything collected before and after the birth, is fixed then.

export const WELCOME_GIFTS_JOB = 'welcome-gifts';

/**
 * Closes the welcome gifts of a calendar and fixes its payout, at most once: the calendar row is
 * locked first (FOR UPDATE), which orders this against a gift's confirmation (its payment handler
 * takes a share lock on the same row, then reads whether the window still collects), so every gift
 * is either in this payout or refunded; the conditional update of the announcement makes a second
 * run (another server, 'Pay out now' twice) a no-op; `createPayoutRecord` is conflict-safe too.
 * Then the settlement job submits the payout, as after an announcement without welcome gifts.
 */
export async function closeWelcomeGifts(
  context: AppContext,
  calendarId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const closed = await context.db.transaction(async (tx) => {
    const [calendar] = await tx.select().from(calendars).where(eq(calendars.id, calendarId)).for('update');
    if (!calendar) return false;
    const [window] = await tx
      .update(announcements)
      .set({ welcomeGiftsClosedAt: now })
      .where(
        and(
          eq(announcements.calendarId, calendarId),
          isNotNull(announcements.welcomeGiftsUntil),
          isNull(announcements.welcomeGiftsClosedAt),
        ),
      )
      .returning({ id: announcements.id });
    if (!window) return false;
    const amount = await sumCollectedGifts(tx, calendarId);
    if (amount > 0) {
      await createPayoutRecord(tx, {
        calendarId,
        amount,
        currency: calendar.currency,
        provider: context.payments.name,
      });
      await enqueueJob(tx, SETTLE_CALENDAR_JOB, calendarId);
    }
    return true;
  });
  if (closed) {
    context.publicCalendars.invalidate(calendarId);
    context.jobs.wake();
  }
  return closed;
}

/** The hourly run: every calendar whose welcome gifts have reached their time is closed and paid out. */
export async function runWelcomeGiftsSchedule(
  context: AppContext,
  now: Date = new Date(),
): Promise<{ closed: number }> {
  const due = await context.db
    .select({ calendarId: announcements.calendarId })
    .from(announcements)
    .where(and(lte(announcements.welcomeGiftsUntil, now), isNull(announcements.welcomeGiftsClosedAt)));
  let closed = 0;
  for (const { calendarId } of due) {
    try {
      if (await closeWelcomeGifts(context, calendarId, now)) closed += 1;
    } catch (error) {
      context.logger.warn({ calendarId, err: (error as Error).message }, 'closing welcome gifts failed: retried');
    }
  }
  return { closed };
}
