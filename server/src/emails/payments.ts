import type { BackgroundId } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { formatEmailDate, formatEmailMoney } from './formatting.ts';
import { type Email, renderEmail } from './layout.ts';

const WALLET_NAMES: Record<string, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };

/** 'Apple Pay', 'card ending in 4242', 'a digital wallet' or 'card', for receipts (in the reader's language). */
export function describePaymentMethod(
  payment: { wallet?: string; cardLast4: string | null; method?: string },
  locale: Locale = 'en',
): string {
  const t = serverTranslator(locale);
  if (payment.wallet) return WALLET_NAMES[payment.wallet] ?? t('emails.paymentMethod.wallet');
  if (payment.cardLast4) return t('emails.paymentMethod.cardEnding', { last4: payment.cardLast4 });
  return payment.method === 'wallet' ? t('emails.paymentMethod.wallet') : t('emails.paymentMethod.card');
}

/** 'Your Firstday calendar is active': the creation fee's receipt. */
export function createFeeReceiptEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: { title: string; slug: string; background: BackgroundId; currency: Currency };
  amount: number;
  paidAt: Date;
  paidWith: string;
  /** The fee of the price list: then gifts carry no platform fee, which the receipt says. */
  standardFee: boolean;
}): Promise<Email> {
  const { locale } = input;
  const t = serverTranslator(locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: input.calendar.background,
    subject: t('emails.feeReceipt.subject'),
    heading: t('emails.feeReceipt.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      t('emails.feeReceipt.thanks', { title: input.calendar.title }),
      t('emails.feeReceipt.amount', { amount: formatEmailMoney(input.amount, locale, input.calendar.currency) }),
      t('emails.feeReceipt.date', { date: formatEmailDate(input.paidAt, locale) }),
      t('emails.feeReceipt.paidWith', { paidWith: input.paidWith }),
      t('emails.feeReceipt.share', { url: `${input.appUrl}/c/${input.calendar.slug}` }),
      input.standardFee ? t('emails.feeReceipt.receiptNoGiftFee') : t('emails.feeReceipt.receipt'),
    ],
    action: { label: t('emails.common.openCalendars'), url: `${input.appUrl}/my_calendars` },
    footer: [t('emails.common.creatorFooter')],
  });
}

/**
 * A gift goes back to the giver's card (transactional). 'late': charged after the calendar ended;
 * 'closed': the parents closed the calendar and chose to refund every gift.
 */
export function createGiftRefundEmail(input: {
  appUrl: string;
  /** The giver's language (their contribution's). */
  locale: Locale;
  name: string;
  amount: number;
  currency: Currency;
  reason: { kind: 'late' } | { kind: 'closed'; calendarTitle: string };
}): Promise<Email> {
  const { locale } = input;
  const t = serverTranslator(locale);
  const amount = formatEmailMoney(input.amount, locale, input.currency);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    subject: t('emails.giftRefund.subject'),
    heading: t('emails.giftRefund.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      input.reason.kind === 'late'
        ? t('emails.giftRefund.late', { amount })
        : t('emails.giftRefund.closed', { amount, title: input.reason.calendarTitle }),
    ],
    footer: [t('emails.giftRefund.footer')],
  });
}

/** The payout arrived at the bank, or the bank refused it (support will sort it out). */
export function createPayoutOutcomeEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: { title: string; background: BackgroundId; currency: Currency };
  payout: { status: 'paid' | 'failed'; amount: number; failureReason: string | null };
}): Promise<Email> {
  const { payout, locale } = input;
  const t = serverTranslator(locale);
  const paid = payout.status === 'paid';
  const amount = formatEmailMoney(payout.amount, locale, input.calendar.currency);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: input.calendar.background,
    subject: paid ? t('emails.payoutOutcome.subjectPaid') : t('emails.payoutOutcome.subjectFailed'),
    heading: paid ? t('emails.payoutOutcome.headingPaid') : t('emails.payoutOutcome.headingFailed'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      paid
        ? t('emails.payoutOutcome.paid', { amount, title: input.calendar.title })
        : t('emails.payoutOutcome.failed', {
            amount,
            title: input.calendar.title,
            reason: payout.failureReason ?? t('emails.payoutOutcome.unknownReason'),
          }),
    ],
    action: { label: t('emails.common.openCalendars'), url: `${input.appUrl}/my_calendars` },
    footer: [t('emails.common.creatorFooter')],
  });
}
