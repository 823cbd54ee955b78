import { CREATION_FEE_AMOUNT } from '@firstday/common/calendars';
import { eq } from 'drizzle-orm';
import { accountLocale } from '../account/account-locale.ts';
import { userProfiles } from '../account/schema.ts';
import type { AppContext } from '../app-context.ts';
import { user } from '../auth/schema.ts';
import { createFeeReceiptEmail, describePaymentMethod } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import type { PaymentPurposeHandler, PaymentRow } from '../payments/payment-transitions.ts';
import { PREPARE_PAYOUT_RECIPIENT_JOB } from '../payments/payout-recipients.ts';
import { activateCalendar } from './calendar-service.ts';
import { getCalendarTitle } from './calendar-title.ts';
import { calendars } from './schema.ts';

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
  const [owner] = await db
    .select({
      email: user.email,
      name: user.name,
      slug: calendars.slug,
      title: calendars.title,
      firstName: calendars.firstName,
      background: calendars.background,
      currency: calendars.currency,
      locale: userProfiles.locale,
    })
    .from(calendars)
    .innerJoin(user, eq(user.id, calendars.ownerId))
    .leftJoin(userProfiles, eq(userProfiles.userId, calendars.ownerId))
    .where(eq(calendars.id, payment.calendarId!));
  if (!owner) return false;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `fee-receipt:${payment.id}`,
    ...(await createFeeReceiptEmail({
      appUrl,
      locale: accountLocale(owner.locale),
      name: owner.name,
      calendar: {
        title: getCalendarTitle(owner),
        slug: owner.slug,
        background: owner.background,
        currency: owner.currency,
      },
      amount: payment.amount,
      paidAt: payment.updatedAt,
      paidWith: describePaymentMethod(
        { wallet, cardLast4: payment.cardLast4, method: payment.method },
        accountLocale(owner.locale),
      ),
      standardFee: payment.amount === CREATION_FEE_AMOUNT,
    })),
  });
}
