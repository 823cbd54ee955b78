import { chosenLocaleStore, clientI18nFor } from '../i18n/client-i18n.ts';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, type Translate } from '../i18n/use-t.tsx';
import { ApiError, NETWORK_ERROR_CODE } from './api.ts';

export const CAPTCHA_MESSAGE = messageId('app.errors.captchaFailed');
export const FEDERATED_FAILURE_MESSAGE = messageId('app.errors.federatedFailure');

/** The catalogue key per API error code; the one place the web app words server errors. */
const MESSAGES: Record<string, MessageId> = {
  validation_failed: messageId('app.errors.validationFailed'),
  [NETWORK_ERROR_CODE]: messageId('app.errors.networkError'),
  unauthorized: messageId('app.errors.unauthorized'),
  forbidden: messageId('app.errors.forbidden'),
  not_found: messageId('app.errors.notFound'),
  conflict: messageId('app.errors.conflict'),
  payload_too_large: messageId('app.errors.payloadTooLarge'),
  // 503 from POST /api/images when the server's photo queue is full (images/image-gate.ts).
  image_busy: messageId('app.errors.imageBusy'),
  internal_error: messageId('app.errors.internalError'),
  http_error: messageId('app.errors.internalError'),
  // Accounts. One text for every wrong part of a sign-in, so it reveals nothing about accounts.
  invalid_email_or_password: messageId('app.errors.invalidEmailOrPassword'),
  email_not_verified: messageId('app.errors.emailNotVerified'),
  captcha_failed: CAPTCHA_MESSAGE,
  invalid_token: messageId('app.errors.invalidToken'),
  invalid_password: messageId('app.errors.invalidPassword'),
  password_too_short: messageId('app.errors.passwordTooShort'),
  password_too_long: messageId('app.errors.passwordTooLong'),
  reauthentication_required: messageId('app.errors.reauthenticationRequired'),
  account_has_open_calendars: messageId('app.errors.accountHasOpenCalendars'),
  forbidden_origin: messageId('app.errors.forbiddenOrigin'),
  // Payments: a failed payment's `failureCode` and the pay route's errors.
  card_declined: messageId('app.errors.cardDeclined'),
  insufficient_funds: messageId('app.errors.insufficientFunds'),
  expired_card: messageId('app.errors.expiredCard'),
  incorrect_cvc: messageId('app.errors.incorrectCvc'),
  processing_error: messageId('app.errors.processingError'),
  payment_failed: messageId('app.errors.paymentFailed'),
  already_paid: messageId('app.errors.alreadyPaid'),
  // Card testing (decision 022): a captcha after a few declines, then a pause.
  captcha_required: messageId('app.errors.captchaRequired'),
  payments_paused: messageId('app.errors.paymentsPaused'),
  currency_locked: messageId('app.errors.currencyLocked'),
  // Calendars.
  calendar_incomplete: messageId('app.errors.calendarIncomplete'),
  calendar_closed: messageId('app.errors.calendarClosed'),
  calendar_not_active: messageId('app.errors.calendarNotActive'),
  not_announced: messageId('app.errors.notAnnounced'),
};

/** Texts for the federated (popup or redirect) sign-in, keyed by the identity error codes of the specification. */
const FEDERATED_MESSAGES: Record<string, MessageId> = {
  'popup-blocked': messageId('app.errors.federated.popupBlocked'),
  'popup-closed-by-user': messageId('app.errors.federated.popupClosedByUser'),
  'cancelled-popup-request': messageId('app.errors.federated.cancelledPopupRequest'),
  'web-storage-unsupported': messageId('app.errors.federated.webStorageUnsupported'),
  'unauthorized-domain': messageId('app.errors.federated.unauthorizedDomain'),
  'network-request-failed': messageId('app.errors.federated.networkRequestFailed'),
  'internal-error': FEDERATED_FAILURE_MESSAGE,
  'invalid-auth-event': messageId('app.errors.federated.invalidAuthEvent'),
  // What the OpenID Connect provider answers when the person says no on its consent page.
  access_denied: messageId('app.errors.federated.accessDenied'),
  // better-auth's callback errors: an address that has an account the provider may not sign in to
  // (decision 004), and a new account waiting for its verification link.
  account_not_linked: messageId('app.errors.federated.accountExists'),
  email_not_verified: messageId('app.errors.federated.emailNotVerified'),
};

const FALLBACK = messageId('app.errors.fallback');

/**
 * For callers that have no `t` at hand (pass `useT()`'s when you can): the language of the pages
 * without a locale prefix, whose `common` catalogue every page loads.
 */
const activeTranslate: Translate = (id, values) => clientI18nFor(chosenLocaleStore.get())._(id, values);

export function getFederatedErrorMessage(code: string | null | undefined, t: Translate = activeTranslate): string {
  return t((code && FEDERATED_MESSAGES[code]) || FEDERATED_FAILURE_MESSAGE);
}

/** The visitor's text for a failed request, in the language of `t` (from `useT()`). */
export function getErrorMessage(error: unknown, t: Translate = activeTranslate): string {
  if (!(error instanceof ApiError)) return t(FALLBACK);
  if (error.code === 'rate_limited') return getRateLimitMessage(error.retryAfterSeconds, t);
  if (error.code === 'payments_paused') return getPausedMessage(error.retryAfterSeconds, t);
  return t(MESSAGES[error.code] ?? FALLBACK);
}

function getRateLimitMessage(retryAfterSeconds: number | undefined, t: Translate): string {
  if (retryAfterSeconds === undefined) return t('app.errors.rateLimited');
  if (retryAfterSeconds <= 60) {
    return t('app.errors.rateLimitedSeconds', { seconds: Math.max(1, retryAfterSeconds) });
  }
  return t('app.errors.rateLimitedMinutes', { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/** A pause after many declines lasts up to a day: the wait is said in the unit that reads best. */
function getPausedMessage(retryAfterSeconds: number | undefined, t: Translate): string {
  if (retryAfterSeconds === undefined) return t('app.errors.paymentsPaused');
  if (retryAfterSeconds <= 60) {
    return t('app.errors.paymentsPausedSeconds', { seconds: Math.max(1, retryAfterSeconds) });
  }
  if (retryAfterSeconds <= 90 * 60) {
    return t('app.errors.paymentsPausedMinutes', { minutes: Math.ceil(retryAfterSeconds / 60) });
  }
  return t('app.errors.paymentsPausedHours', { hours: Math.ceil(retryAfterSeconds / 3600) });
}

/** Text for a failed payment's `failureCode`; unknown codes get a general payment message. */
export function getPaymentFailureMessage(code: string | undefined, t: Translate = activeTranslate): string {
  return t((code && PAYMENT_FAILURE_CODES.has(code) && MESSAGES[code]) || 'app.errors.paymentFailed');
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
