import type { AppContext } from './app-context.ts';
import { createFeePaymentHandler } from './calendars/calendar-payments.ts';
import { createGiftPaymentHandler } from './contributions/gift-payments.ts';
import type { PaymentPurposeHandlers } from './payments/payment-transitions.ts';

/**
 * What each payment purpose does when a payment succeeds, fails or is refunded
 * (docs/decisions/006-payments.md, amendment): payments moves the money and hands the outcome to
 * the feature that asked for it, inside the payment's transaction.
 */
export function definePaymentHandlers(getContext: () => AppContext): PaymentPurposeHandlers {
  return {
    // The creation fee activates its calendar.
    fee: createFeePaymentHandler(getContext),
    // A gift makes its contribution public, or goes back when its calendar has ended.
    gift: createGiftPaymentHandler(getContext),
  };
}
