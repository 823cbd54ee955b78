import { HOLDING_LIMIT_JOB, runHoldingLimitSchedule } from './announcements/holding-limit.ts';
import { runWelcomeGiftsSchedule, WELCOME_GIFTS_JOB } from './announcements/welcome-gifts.ts';
import type { AppContext } from './app-context.ts';
import { sendWishDigests, WISH_DIGEST_JOB } from './contributions/wish-digest.ts';
import { DELETE_UNUSED_IMAGES_JOB, deleteUnusedImages } from './images/delete-unused-images.ts';
import type { JobDefinition } from './lib/jobs/runner.ts';
import { DELETE_OLD_DECLINES_JOB, deleteOldDeclines } from './payments/payment-guard.ts';
import { PREPARE_PAYOUT_RECIPIENT_JOB, preparePayoutRecipient } from './payments/payout-recipients.ts';
import { RECONCILE_AFTER_START_JOB, RECONCILE_PAYMENTS_JOB, reconcileAll } from './payments/reconcile.ts';
import { settleCalendar } from './payments/settlement.ts';
import { SETTLE_CALENDAR_JOB } from './payments/settlement-job.ts';
import { PAYOUT_READINESS_MAIL_JOB, sendPayoutReadinessMails } from './payouts/payout-reminders.ts';
import { RESEAL_SECRETS_JOB, resealSecrets } from './privacy/reseal-secrets.ts';
import { applyRetentionSchedule, RETENTION_JOB } from './privacy/retention-job.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Every background job of the product (docs/decisions/017-background-jobs.md): what runs it and
 * when. Features queue one-off jobs by name with `enqueueJob` (in their transaction) or
 * `context.jobs.enqueue`; recurring ones run on whichever server claims them first.
 */
export function defineBackgroundJobs(getContext: () => AppContext): JobDefinition[] {
  /** A job run every `everyMs` whose result counts what it did; logged when it did anything. */
  const recurring = (
    name: string,
    everyMs: number,
    work: (context: AppContext) => Promise<Record<string, number>>,
    done: string,
  ): JobDefinition => ({
    name,
    everyMs,
    async run() {
      const context = getContext();
      const result = await work(context);
      if (Object.values(result).some((count) => count > 0)) context.logger.info(result, done);
    },
  });
  return [
    // A calendar's payout and refunds after its end. If it keeps failing, reconciliation retries.
    { name: SETTLE_CALENDAR_JOB, maxAttempts: 8, run: (calendarId) => settleCalendar(getContext(), calendarId) },
    // If it keeps failing, the payout makes the recipient itself.
    {
      name: PREPARE_PAYOUT_RECIPIENT_JOB,
      maxAttempts: 5,
      run: (calendarId) => preparePayoutRecipient(getContext(), calendarId),
    },
    // Completes payments whose webhook or write was lost (e.g. a server died mid-payment).
    { name: RECONCILE_PAYMENTS_JOB, everyMs: MINUTE_MS, run: () => reconcileAll(getContext()) },
    { name: RECONCILE_AFTER_START_JOB, maxAttempts: 3, run: () => reconcileAll(getContext(), { olderThanMs: 0 }) },
    // The creator's 'new wishes' e-mail, at most one an hour per calendar.
    recurring(WISH_DIGEST_JOB, 5 * MINUTE_MS, sendWishDigests, 'wish digests queued'),
    // Calendars whose birth is never announced: reminded, then ended as their parents chose (decision 026).
    recurring(HOLDING_LIMIT_JOB, HOUR_MS, runHoldingLimitSchedule, 'end schedule applied'),
    // Welcome gifts after the birth whose time has come: closed, and the calendar's one payout fixed (decision 026).
    recurring(WELCOME_GIFTS_JOB, HOUR_MS, runWelcomeGiftsSchedule, 'welcome gifts closed and paid out'),
    // The parents are told when the payment provider needs their identity, and reminded before the due date.
    recurring(PAYOUT_READINESS_MAIL_JOB, HOUR_MS, sendPayoutReadinessMails, 'payout readiness e-mails queued'),
    // Photos uploaded but never saved on a calendar or an announcement, a day later.
    recurring(
      DELETE_UNUSED_IMAGES_JOB,
      HOUR_MS,
      async (context) => ({ deleted: await deleteUnusedImages(context) }),
      'unused photos deleted',
    ),
    // Declined payment attempts are counted for a day at most and kept a week (decision 022).
    recurring(
      DELETE_OLD_DECLINES_JOB,
      HOUR_MS,
      async (context) => ({ deleted: await deleteOldDeclines(context.db) }),
      'old payment declines deleted',
    ),
    // Bank accounts still sealed with a previous APP_SECRET, resealed with the current one (decision 028).
    recurring(RESEAL_SECRETS_JOB, DAY_MS, resealSecrets, 'stored bank accounts resealed with APP_SECRET'),
    // Personal data past its time in the retention schedule (common/src/retention-schedule.ts, decision 029).
    recurring(RETENTION_JOB, DAY_MS, (context) => applyRetentionSchedule(context), 'retention schedule applied'),
  ];
}
