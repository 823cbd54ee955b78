import { describePayoutNeeds } from '@firstday/common/payouts';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { findCalendarOwner } from '../calendars/calendar-owner.ts';
import { calendars } from '../calendars/schema.ts';
import { createPayoutActionEmail } from '../emails/payouts.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { getIdentityState } from './payout-readiness.ts';

export const PAYOUT_READINESS_MAIL_JOB = 'payout-readiness-mail';

/** The reminder goes out when the due date is this near and the identity check is still open. */
export const PAYOUT_REMINDER_DAYS_BEFORE_DUE = 14;

const DAY_MS = 86_400_000;

/**
 * The hourly run: every calendar whose payout recipient the provider asks something of (or
 * rejected) gets one e-mail per thing asked (the outbox key names the recipient and what it asks,
 * so a document asked later is a new e-mail, the same request never a second one), and a reminder
 * once its due date is `PAYOUT_REMINDER_DAYS_BEFORE_DUE` days away or less (which is then the e-mail).
 */
export async function sendPayoutReadinessMails(
  context: AppContext,
  now: Date = new Date(),
): Promise<{ queued: number }> {
  const candidates = await context.db
    .select()
    .from(calendars)
    .where(
      and(
        inArray(calendars.status, ['active', 'announced']),
        isNotNull(calendars.payoutRecipientRef),
        sql`(cardinality(${calendars.payoutRecipientRequirements}) > 0 or cardinality(${calendars.payoutRecipientPastDue}) > 0 or ${calendars.payoutRecipientDisabledReason} like 'rejected.%')`,
      ),
    );
  const reminderFrom = new Date(now.getTime() + PAYOUT_REMINDER_DAYS_BEFORE_DUE * DAY_MS).toISOString().slice(0, 10);
  let queued = 0;
  for (const calendar of candidates) {
    const identity = getIdentityState(calendar);
    if (identity !== 'needed' && identity !== 'rejected') continue;
    const owner = await findCalendarOwner(context.db, calendar.id);
    if (!owner) continue;
    const needs = describePayoutNeeds([
      ...(calendar.payoutRecipientRequirements ?? []),
      ...(calendar.payoutRecipientPastDue ?? []),
    ]);
    const rejected = identity === 'rejected';
    const base = `${calendar.id}:${calendar.payoutRecipientRef}`;
    // Near the due date the e-mail is the reminder (once per thing asked, like the first one).
    const dueSoon = calendar.status === 'active' && calendar.dueDate !== null && calendar.dueDate <= reminderFrom;
    const mails: { dedupeKey: string; reminderFor?: string }[] = rejected
      ? [{ dedupeKey: `payout-rejected:${base}` }]
      : dueSoon
        ? [{ dedupeKey: `payout-reminder:${base}:${needs.join('+')}`, reminderFor: calendar.dueDate! }]
        : [{ dedupeKey: `payout-needed:${base}:${needs.join('+')}` }];
    for (const mail of mails) {
      const email = await createPayoutActionEmail({
        appUrl: context.env.APP_URL,
        locale: owner.locale,
        name: owner.name,
        calendar: { id: calendar.id, title: owner.calendar.title, background: owner.calendar.background },
        needs,
        rejected,
        reminderFor: mail.reminderFor,
      });
      if (await enqueueMail(context.db, { to: owner.email, dedupeKey: mail.dedupeKey, ...email })) queued++;
    }
  }
  if (queued > 0) context.wakeMailWorker();
  return { queued };
}
