import { ApiError, NETWORK_ERROR_CODE } from './api.ts';

export const CAPTCHA_MESSAGE = 'Please verify the captcha!';
export const FEDERATED_FAILURE_MESSAGE = 'Something went wrong while signing in. Please try again later.';

/** Friendly English text per API error code; the one place the web app words server errors. */
const MESSAGES: Record<string, string> = {
  validation_failed: 'Some details need another look. Please check the highlighted fields.',
  [NETWORK_ERROR_CODE]: 'We couldn’t reach Firstday. Please check your connection and try again.',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You don’t have access to this.',
  not_found: 'We couldn’t find what you were looking for.',
  conflict: 'This was changed in the meantime. Please reload and try again.',
  payload_too_large: 'That is more than we can accept in one go.',
  internal_error: 'Something went wrong on our side. Please try again in a moment.',
  http_error: 'Something went wrong on our side. Please try again in a moment.',
  // Accounts. One text for every wrong part of a sign-in, so it reveals nothing about accounts.
  invalid_email_or_password: 'The e-mail or password is incorrect.',
  email_not_verified: 'Please confirm your e-mail address first: open the link we e-mailed you when you signed up.',
  captcha_failed: CAPTCHA_MESSAGE,
  invalid_token: 'The password reset link has expired. Please request a new one.',
  invalid_password: 'The current password is incorrect.',
  password_too_short: 'Your password needs at least 8 characters.',
  password_too_long: 'A password can be at most 128 characters.',
  reauthentication_required: 'For your safety, please sign in again to confirm this change.',
  account_has_open_calendars:
    'The money on your calendars must be settled before your account can be deleted: close them or wait for the payout or refunds.',
  forbidden_origin: 'This request was refused for your safety. Please reload the page and try again.',
  // Payments: a failed payment's `failureCode` and the pay route's errors.
  card_declined: 'Your card was declined. Please use another card or try again.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'This card has expired. Please use another card.',
  incorrect_cvc: 'The CVS is not correct. Please check the 3 digits on the back of the card.',
  processing_error: 'The payment could not be processed. Please try again in a moment.',
  payment_failed: 'The payment did not go through. Please try again or use another card.',
  already_paid: 'This calendar is already paid for and active.',
  // Calendars.
  calendar_incomplete: 'Please complete the earlier steps first: the due date and the IBAN are needed.',
  calendar_closed: 'This calendar is closed to new guesses and gifts.',
  calendar_not_active: 'This calendar is not active yet. Please finish its setup first.',
  not_announced: 'The keepsake book is ready once you have announced the birth.',
};

/** Texts for the federated (popup or redirect) sign-in, keyed by the identity error codes of the specification. */
const FEDERATED_MESSAGES: Record<string, string> = {
  'popup-blocked': 'Your browser blocked the sign-in window. Please allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before you finished signing in. Please try again.',
  'cancelled-popup-request':
    'Another sign-in window was opened, so this one was stopped. Please finish signing in there.',
  'web-storage-unsupported':
    'Your browser blocks the cookies signing in needs. Please allow cookies for this site and try again.',
  'unauthorized-domain': 'Signing in is not available on this address. Please open Firstday from its usual address.',
  'network-request-failed': 'We couldn’t reach the sign-in service. Please check your connection and try again.',
  'internal-error': FEDERATED_FAILURE_MESSAGE,
  'invalid-auth-event': 'We couldn’t confirm that sign-in. Please try again.',
  // What the OpenID Connect provider answers when the person says no on its consent page.
  access_denied: 'Signing in was cancelled. You can try again whenever you like.',
};

const FALLBACK = 'Something went wrong. Please try again in a moment.';

export function getFederatedErrorMessage(code: string | null | undefined): string {
  return (code && FEDERATED_MESSAGES[code]) || FEDERATED_FAILURE_MESSAGE;
}

export function getErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return FALLBACK;
  if (error.code === 'rate_limited') return getRateLimitMessage(error.retryAfterSeconds);
  return MESSAGES[error.code] ?? FALLBACK;
}

function getRateLimitMessage(retryAfterSeconds: number | undefined): string {
  const lead = 'That was a lot of tries in a short time.';
  if (retryAfterSeconds === undefined) return `${lead} Please wait a little and try again.`;
  if (retryAfterSeconds <= 60) {
    const seconds = Math.max(1, retryAfterSeconds);
    return `${lead} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${lead} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Text for a failed payment's `failureCode`; unknown codes get a general payment message. */
export function getPaymentFailureMessage(code: string | undefined): string {
  return (code && PAYMENT_FAILURE_CODES.has(code) && MESSAGES[code]) || (MESSAGES.payment_failed as string);
}

const PAYMENT_FAILURE_CODES = new Set([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'payment_failed',
]);

/** Errors worth a "Try again" button: the request may well succeed a moment later. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
