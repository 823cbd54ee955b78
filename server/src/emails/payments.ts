import type { BackgroundId } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { type Email, renderEmail } from './layout.ts';

const WALLET_NAMES: Record<string, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };

/** 'Apple Pay', 'card ending in 4242', 'a digital wallet' or 'card', for receipts. */
export function describePaymentMethod(payment: { wallet?: string; cardLast4: string | null; method?: string }): string {
  if (payment.wallet) return WALLET_NAMES[payment.wallet] ?? 'a digital wallet';
  if (payment.cardLast4) return `card ending in ${payment.cardLast4}`;
  return payment.method === 'wallet' ? 'a digital wallet' : 'card';
}

/** 'Your Firstday calendar is active': the creation fee's receipt. */
export function createFeeReceiptEmail(input: {
  appUrl: string;
  name: string;
  calendar: { title: string; slug: string; background: BackgroundId };
  amountCents: number;
  paidAt: Date;
  paidWith: string;
  /** The fee of the price list: then gifts carry no platform fee, which the receipt says. */
  standardFee: boolean;
}): Promise<Email> {
  const date = formatLongDate(input.paidAt);
  return renderEmail({
    appUrl: input.appUrl,
    background: input.calendar.background,
    subject: 'Your Firstday calendar is active',
    heading: 'Your calendar is active',
    paragraphs: [
      `Hello ${input.name},`,
      `Thank you! We received the creation fee for “${input.calendar.title}”, and the calendar is now open for guesses, wishes and gifts.`,
      `Amount: ${formatMoney(input.amountCents, { minorUnits: 'always' })} (one-time creation fee)`,
      `Date: ${date}`,
      `Paid with: ${input.paidWith}`,
      `Share this link with family and friends: ${input.appUrl}/c/${input.calendar.slug}`,
      input.standardFee
        ? 'This e-mail is your receipt. Gifts sent to your calendar carry no platform fee.'
        : 'This e-mail is your receipt.',
    ],
    action: { label: 'Open my calendars', url: `${input.appUrl}/my_calendars` },
    footer: ['You get this e-mail because you created a calendar on Firstday.'],
  });
}

/**
 * A gift goes back to the giver's card (transactional). 'late': charged after the calendar ended;
 * 'closed': the parents closed the calendar and chose to refund every gift.
 */
export function createGiftRefundEmail(input: {
  appUrl: string;
  name: string;
  amountCents: number;
  reason: { kind: 'late' } | { kind: 'closed'; calendarTitle: string };
}): Promise<Email> {
  const amount = formatMoney(input.amountCents, { minorUnits: 'always' });
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'Your gift is being refunded',
    heading: 'Your gift is being refunded',
    paragraphs: [
      `Hello ${input.name},`,
      input.reason.kind === 'late'
        ? `The calendar closed while your gift of ${amount} was being processed, so it could not be added. We are refunding the whole amount to your card; it usually shows within 5–10 business days.`
        : `“${input.reason.calendarTitle}” has been closed, and the gifts sent to it go back to the people who sent them. We are refunding your gift of ${amount} in full to the card you paid with; it usually shows within 5–10 business days.`,
    ],
    footer: ['You get this e-mail because you sent a gift on Firstday.'],
  });
}

/** The payout arrived at the bank, or the bank refused it (support will sort it out). */
export function createPayoutOutcomeEmail(input: {
  appUrl: string;
  name: string;
  calendar: { title: string; background: BackgroundId };
  payout: { status: 'paid' | 'failed'; amountCents: number; failureReason: string | null };
}): Promise<Email> {
  const { payout } = input;
  const paid = payout.status === 'paid';
  return renderEmail({
    appUrl: input.appUrl,
    background: input.calendar.background,
    subject: paid ? 'Your gifts are on their way to your bank' : 'We could not pay out your gifts',
    heading: paid ? 'Your payout is sent' : 'Your payout did not go through',
    paragraphs: [
      `Hello ${input.name},`,
      paid
        ? `We sent ${formatMoney(payout.amountCents, { minorUnits: 'always' })}, the gifts collected on “${input.calendar.title}”, to your bank account.`
        : `The payout of ${formatMoney(payout.amountCents, { minorUnits: 'always' })} for “${input.calendar.title}” was refused by the bank (${payout.failureReason ?? 'unknown reason'}). Your gifts are safe with us: please write to support so we can send them to the right account.`,
    ],
    action: { label: 'Open my calendars', url: `${input.appUrl}/my_calendars` },
    footer: ['You get this e-mail because you created a calendar on Firstday.'],
  });
}
