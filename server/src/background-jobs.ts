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

/**
 * Every background job of the product (docs/decisions/017-background-jobs.md): what runs it and
 * when. Features queue one-off jobs by name with `enqueueJob` (in their transaction) or
 * `context.jobs.enqueue`; recurring ones run on whichever server claims them first.
 */
export function defineBackgroundJobs(getContext: () => AppContext): JobDefinition[] {
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
    { name: RECONCILE_PAYMENTS_JOB, everyMs: 60_000, run: () => reconcileAll(getContext()) },
    { name: RECONCILE_AFTER_START_JOB, maxAttempts: 3, run: () => reconcileAll(getContext(), { olderThanMs: 0 }) },
    // The creator's 'new wishes' e-mail, at most one an hour per calendar.
    {
      name: WISH_DIGEST_JOB,
      everyMs: 5 * 60_000,
      async run() {
        const context = getContext();
        const result = await sendWishDigests(context);
        if (result.sent > 0) context.logger.info(result, 'wish digests queued');
      },
    },
    // Calendars whose birth is never announced: reminded, then ended as their parents chose (decision 026).
    {
      name: HOLDING_LIMIT_JOB,
      everyMs: 60 * 60_000,
      async run() {
        const context = getContext();
        const result = await runHoldingLimitSchedule(context);
        if (result.reminded + result.ended > 0) context.logger.info(result, 'end schedule applied');
      },
    },
    // Welcome gifts after the birth whose time has come: closed, and the calendar's one payout fixed (decision 026).
    {
      name: WELCOME_GIFTS_JOB,
      everyMs: 60 * 60_000,
      async run() {
        const context = getContext();
        const result = await runWelcomeGiftsSchedule(context);
        if (result.closed > 0) context.logger.info(result, 'welcome gifts closed and paid out');
      },
    },
    // The parents are told when the payment provider needs their identity, and reminded before the due date.
    {
      name: PAYOUT_READINESS_MAIL_JOB,
      everyMs: 60 * 60_000,
      async run() {
        const context = getContext();
        const result = await sendPayoutReadinessMails(context);
        if (result.queued > 0) context.logger.info(result, 'payout readiness e-mails queued');
      },
    },
    // Photos uploaded but never saved on a calendar or an announcement, a day later.
    {
      name: DELETE_UNUSED_IMAGES_JOB,
      everyMs: 60 * 60_000,
      async run() {
        const context = getContext();
        const deleted = await deleteUnusedImages(context);
        if (deleted > 0) context.logger.info({ deleted }, 'unused photos deleted');
      },
    },
    // Declined payment attempts are counted for a day at most and kept a week (decision 022).
    {
      name: DELETE_OLD_DECLINES_JOB,
      everyMs: 60 * 60_000,
      async run() {
        const context = getContext();
        const deleted = await deleteOldDeclines(context.db);
        if (deleted > 0) context.logger.info({ deleted }, 'old payment declines deleted');
      },
    },
  ];
}
