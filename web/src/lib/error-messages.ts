import { chosenLocaleStore, clientI18nFor } from '../i18n/client-i18n.ts';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, type Translate } from '../i18n/use-t.tsx';
import { ApiError, NETWORK_ERROR_CODE } from './api.ts';

export const CAPTCHA_MESSAGE = messageId('common.errors.captchaFailed');
export const FEDERATED_FAILURE_MESSAGE = messageId('common.errors.federatedFailure');

/** The catalogue key per API error code; the one place the web app words server errors. */
const MESSAGES: Record<string, MessageId> = {
  validation_failed: messageId('common.errors.validationFailed'),
  [NETWORK_ERROR_CODE]: messageId('common.errors.networkError'),
  unauthorized: messageId('common.errors.unauthorized'),
  forbidden: messageId('common.errors.forbidden'),
  not_found: messageId('common.errors.notFound'),
  conflict: messageId('common.errors.conflict'),
  payload_too_large: messageId('common.errors.payloadTooLarge'),
  internal_error: messageId('common.errors.internalError'),
  http_error: messageId('common.errors.internalError'),
  // Accounts. One text for every wrong part of a sign-in, so it reveals nothing about accounts.
  invalid_email_or_password: messageId('common.errors.invalidEmailOrPassword'),
  email_not_verified: messageId('common.errors.emailNotVerified'),
  captcha_failed: CAPTCHA_MESSAGE,
  invalid_token: messageId('common.errors.invalidToken'),
  invalid_password: messageId('common.errors.invalidPassword'),
  password_too_short: messageId('common.errors.passwordTooShort'),
  password_too_long: messageId('common.errors.passwordTooLong'),
  reauthentication_required: messageId('common.errors.reauthenticationRequired'),
  account_has_open_calendars: messageId('common.errors.accountHasOpenCalendars'),
  forbidden_origin: messageId('common.errors.forbiddenOrigin'),
  // Payments: a failed payment's `failureCode` and the pay route's errors.
  card_declined: messageId('common.errors.cardDeclined'),
  insufficient_funds: messageId('common.errors.insufficientFunds'),
  expired_card: messageId('common.errors.expiredCard'),
  incorrect_cvc: messageId('common.errors.incorrectCvc'),
  processing_error: messageId('common.errors.processingError'),
  payment_failed: messageId('common.errors.paymentFailed'),
  already_paid: messageId('common.errors.alreadyPaid'),
  // Calendars.
  calendar_incomplete: messageId('common.errors.calendarIncomplete'),
  calendar_closed: messageId('common.errors.calendarClosed'),
  calendar_not_active: messageId('common.errors.calendarNotActive'),
  not_announced: messageId('common.errors.notAnnounced'),
};

/** Texts for the federated (popup or redirect) sign-in, keyed by the identity error codes of the specification. */
const FEDERATED_MESSAGES: Record<string, MessageId> = {
  'popup-blocked': messageId('common.errors.federated.popupBlocked'),
  'popup-closed-by-user': messageId('common.errors.federated.popupClosedByUser'),
  'cancelled-popup-request': messageId('common.errors.federated.cancelledPopupRequest'),
  'web-storage-unsupported': messageId('common.errors.federated.webStorageUnsupported'),
  'unauthorized-domain': messageId('common.errors.federated.unauthorizedDomain'),
  'network-request-failed': messageId('common.errors.federated.networkRequestFailed'),
  'internal-error': FEDERATED_FAILURE_MESSAGE,
  'invalid-auth-event': messageId('common.errors.federated.invalidAuthEvent'),
  // What the OpenID Connect provider answers when the person says no on its consent page.
  access_denied: messageId('common.errors.federated.accessDenied'),
};

const FALLBACK = messageId('common.errors.fallback');

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
  return t(MESSAGES[error.code] ?? FALLBACK);
}

function getRateLimitMessage(retryAfterSeconds: number | undefined, t: Translate): string {
  if (retryAfterSeconds === undefined) return t('common.errors.rateLimited');
  if (retryAfterSeconds <= 60) {
    return t('common.errors.rateLimitedSeconds', { seconds: Math.max(1, retryAfterSeconds) });
  }
  return t('common.errors.rateLimitedMinutes', { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/** Text for a failed payment's `failureCode`; unknown codes get a general payment message. */
export function getPaymentFailureMessage(code: string | undefined, t: Translate = activeTranslate): string {
  return t((code && PAYMENT_FAILURE_CODES.has(code) && MESSAGES[code]) || 'common.errors.paymentFailed');
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
