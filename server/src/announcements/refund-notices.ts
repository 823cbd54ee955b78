import type { Currency } from '@firstday/common/currency';
import { and, eq, inArray } from 'drizzle-orm';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { enqueueGiftRefundNotice } from '../contributions/gift-payments.ts';
import { hasGuestContact } from '../contributions/guest-contact.ts';
import { contributions } from '../contributions/schema.ts';
import type { Db } from '../lib/db.ts';
import { payments } from '../payments/schema.ts';

/**
 * A close with refunds tells every giver whose gift goes back, whatever the creator chose for the
 * neutral notice: it is about their money, so it is transactional and sent once per payment.
 * Runs in the close's transaction, with the payments it marked for refund. Returns how many were queued.
 */
export async function enqueueRefundNotices(
  db: Db,
  appUrl: string,
  calendar: { title: string | null; firstName: string; currency: Currency },
  paymentIds: string[],
): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const givers = await db
    .select({
      email: contributions.email,
      name: contributions.name,
      locale: contributions.locale,
      paymentId: payments.id,
      amount: payments.amount,
    })
    .from(contributions)
    .innerJoin(payments, eq(payments.id, contributions.paymentId))
    // A giver who deleted their details left no address: the refund still goes back to their card.
    .where(and(inArray(contributions.paymentId, paymentIds), hasGuestContact));
  let queued = 0;
  for (const giver of givers) {
    const payment = { id: giver.paymentId, amount: giver.amount };
    const calendarTitle = getCalendarTitle(calendar, giver.locale);
    if (await enqueueGiftRefundNotice(db, appUrl, giver, payment, calendar.currency, { kind: 'closed', calendarTitle }))
      queued++;
  }
  return queued;
}
