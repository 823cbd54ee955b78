import { CREATION_FEE_AMOUNT } from '@firstday/common/calendars';
import type { AppContext } from '../app-context.ts';
import { createFeeReceiptEmail, describePaymentMethod } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import type { PaymentPurposeHandler, PaymentRow } from '../payments/payment-transitions.ts';
import { PREPARE_PAYOUT_RECIPIENT_JOB } from '../payments/payout-recipients.ts';
import { findCalendarOwner } from './calendar-owner.ts';
import { activateCalendar } from './calendar-service.ts';

type FeeContext = Pick<AppContext, 'env' | 'wakeMailWorker' | 'publicCalendars' | 'jobs'>;

/**
 * What a creation fee's payment does to its calendar (registered in payment-handlers.ts). Once it
 * succeeds: the calendar is activated, the receipt queued and the payout recipient made in the
 * background. A failed or refunded fee changes nothing here (a refund does not deactivate).
 */
export function createFeePaymentHandler(getContext: () => FeeContext): PaymentPurposeHandler {
  return {
    async onSucceeded({ tx, payment, wallet }) {
      const { calendarId } = payment;
      if (!calendarId) return undefined;
      const context = getContext();
      await activateCalendar(tx, calendarId);
      const mailQueued = await enqueueFeeReceipt(tx, context.env.APP_URL, payment, wallet);
      // The calendar is paid for: its payout recipient is made in the background (payout-recipients.ts).
      await enqueueJob(tx, PREPARE_PAYOUT_RECIPIENT_JOB, calendarId);
      return {
        afterCommit() {
          context.publicCalendars.invalidate(calendarId);
          if (mailQueued) context.wakeMailWorker();
          context.jobs.wake();
        },
      };
    },
  };
}

/** 'Your Firstday calendar is active': the fee receipt, at most once per payment (dedupe key). */
async function enqueueFeeReceipt(db: Db, appUrl: string, payment: PaymentRow, wallet?: string): Promise<boolean> {
  const owner = await findCalendarOwner(db, payment.calendarId!);
  if (!owner) return false;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `fee-receipt:${payment.id}`,
    ...(await createFeeReceiptEmail({
      appUrl,
      locale: owner.locale,
      name: owner.name,
      calendar: owner.calendar,
      amount: payment.amount,
      paidAt: payment.updatedAt,
      paidWith: describePaymentMethod({ wallet, cardLast4: payment.cardLast4, method: payment.method }, owner.locale),
      standardFee: payment.amount === CREATION_FEE_AMOUNT,
    })),
  });
}
