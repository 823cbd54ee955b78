import type { ApiErrorCode } from '@firstday/common/api-error';
import { chosenLocaleStore, clientI18nFor } from '../i18n/client-i18n.ts';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, type Translate } from '../i18n/use-t.tsx';
import { ApiError, HTTP_ERROR_CODE, NETWORK_ERROR_CODE } from './api.ts';

export const CAPTCHA_MESSAGE = messageId('app.errors.captchaFailed');
export const FEDERATED_FAILURE_MESSAGE = messageId('app.errors.federatedFailure');

const BAD_REQUEST = messageId('app.errors.badRequest');
const FORBIDDEN_ORIGIN = messageId('app.errors.forbiddenOrigin');
const INTERNAL_ERROR = messageId('app.errors.internalError');
const SERVICE_UNAVAILABLE = messageId('app.errors.serviceUnavailable');

/** Codes the web app makes up itself (api.ts): no answer at all, or one without our error body. */
type WebErrorCode = typeof NETWORK_ERROR_CODE | typeof HTTP_ERROR_CODE;

/**
 * The catalogue key per API error code; the one place the web app words server errors. Every code
 * of `API_ERROR_CODES` needs one, so a new code fails the type check until it has a text, and
 * error-messages.test.ts checks each text is in every language.
 */
export const MESSAGES: Record<ApiErrorCode | WebErrorCode, MessageId> = {
  validation_failed: messageId('app.errors.validationFailed'),
  [NETWORK_ERROR_CODE]: messageId('app.errors.networkError'),
  [HTTP_ERROR_CODE]: INTERNAL_ERROR,
  // A request the web app itself never sends like this (a broken page, a tampered request).
  bad_request: BAD_REQUEST,
  invalid_json: BAD_REQUEST,
  unsupported_media_type: BAD_REQUEST,
  unauthorized: messageId('app.errors.unauthorized'),
  forbidden: messageId('app.errors.forbidden'),
  not_found: messageId('app.errors.notFound'),
  conflict: messageId('app.errors.conflict'),
  payload_too_large: messageId('app.errors.payloadTooLarge'),
  // getErrorMessage says how long to wait when the server tells.
  rate_limited: messageId('app.errors.rateLimited'),
  internal_error: INTERNAL_ERROR,
  // GET /api/ready, for load balancers; said plainly should a page ever meet one.
  shutting_down: SERVICE_UNAVAILABLE,
  database_unreachable: SERVICE_UNAVAILABLE,
  migrations_pending: SERVICE_UNAVAILABLE,
  // 503 from POST /api/images when the server's photo queue is full (images/image-gate.ts).
  image_busy: messageId('app.errors.imageBusy'),
  invalid_image: messageId('app.validation.notAnImage'),
  invalid_upload: messageId('app.errors.invalidUpload'),
  image_unavailable: messageId('app.errors.imageUnavailable'),
  // Accounts. One text for every wrong part of a sign-in, so it reveals nothing about accounts.
  invalid_email_or_password: messageId('app.errors.invalidEmailOrPassword'),
  invalid_email: messageId('app.validation.emailInvalid'),
  email_not_verified: messageId('app.errors.emailNotVerified'),
  email_already_verified: messageId('app.errors.emailAlreadyVerified'),
  email_mismatch: BAD_REQUEST,
  captcha_failed: CAPTCHA_MESSAGE,
  invalid_token: messageId('app.errors.invalidToken'),
  token_expired: messageId('app.errors.linkExpired'),
  user_not_found: messageId('app.errors.notFound'),
  invalid_user: messageId('app.errors.notFound'),
  invalid_password: messageId('app.errors.invalidPassword'),
  password_too_short: messageId('app.errors.passwordTooShort'),
  password_too_long: messageId('app.errors.passwordTooLong'),
  credential_account_not_found: messageId('app.errors.noPassword'),
  reauthentication_required: messageId('app.errors.reauthenticationRequired'),
  account_has_open_calendars: messageId('app.errors.accountHasOpenCalendars'),
  validation_error: BAD_REQUEST,
  failed_to_create_user: INTERNAL_ERROR,
  failed_to_create_session: INTERNAL_ERROR,
  failed_to_get_session: INTERNAL_ERROR,
  // A request from another site, or a redirect target off this one.
  forbidden_origin: FORBIDDEN_ORIGIN,
  invalid_origin: FORBIDDEN_ORIGIN,
  missing_or_null_origin: FORBIDDEN_ORIGIN,
  cross_site_navigation_login_blocked: FORBIDDEN_ORIGIN,
  invalid_callback_url: FORBIDDEN_ORIGIN,
  invalid_redirect_url: FORBIDDEN_ORIGIN,
  invalid_error_callback_url: FORBIDDEN_ORIGIN,
  invalid_new_user_callback_url: FORBIDDEN_ORIGIN,
  // Federated sign-in started through the API.
  provider_not_found: FEDERATED_FAILURE_MESSAGE,
  id_token_not_supported: FEDERATED_FAILURE_MESSAGE,
  failed_to_get_user_info: FEDERATED_FAILURE_MESSAGE,
  user_email_not_found: FEDERATED_FAILURE_MESSAGE,
  invalid_oauth_configuration: FEDERATED_FAILURE_MESSAGE,
  token_url_not_found: FEDERATED_FAILURE_MESSAGE,
  // Payments.
  already_paid: messageId('app.errors.alreadyPaid'),
  payment_method_unavailable: messageId('app.errors.paymentMethodUnavailable'),
  payment_unavailable: messageId('app.errors.paymentUnavailable'),
  // Only a payment provider's webhook gets it.
  invalid_signature: BAD_REQUEST,
  // Card testing (decision 022): a captcha after a few declines, then a pause.
  captcha_required: messageId('app.errors.captchaRequired'),
  payments_paused: messageId('app.errors.paymentsPaused'),
  currency_locked: messageId('app.errors.currencyLocked'),
  // Calendars, guesses and gifts.
  calendar_incomplete: messageId('app.errors.calendarIncomplete'),
  calendar_closed: messageId('app.errors.calendarClosed'),
  welcome_gifts_closed: messageId('app.errors.welcomeGiftsClosed'),
  calendar_not_active: messageId('app.errors.calendarNotActive'),
  idempotency_key_reused: messageId('app.errors.outdatedPage'),
  invalid_cursor: messageId('app.errors.invalidCursor'),
  not_announced: messageId('app.errors.notAnnounced'),
  thank_yous_closed: messageId('app.errors.thankYousClosed'),
  invalid_link: messageId('app.errors.invalidLink'),
};

/** A failed payment's `failureCode` (sandbox and Stripe decline codes) the web words; others get a general text. */
export const PAYMENT_FAILURE_MESSAGES: Readonly<Record<string, MessageId>> = {
  card_declined: messageId('app.errors.cardDeclined'),
  insufficient_funds: messageId('app.errors.insufficientFunds'),
  expired_card: messageId('app.errors.expiredCard'),
  incorrect_cvc: messageId('app.errors.incorrectCvc'),
  processing_error: messageId('app.errors.processingError'),
  payment_failed: messageId('app.errors.paymentFailed'),
};

/** Texts for the federated (popup or redirect) sign-in, keyed by the identity error codes of the specification. */
export const FEDERATED_MESSAGES: Readonly<Record<string, MessageId>> = {
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
  return t((isMessageCode(error.code) && MESSAGES[error.code]) || FALLBACK);
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

function isMessageCode(code: string): code is keyof typeof MESSAGES {
  return Object.hasOwn(MESSAGES, code);
}

/** Text for a failed payment's `failureCode`; unknown codes get a general payment message. */
export function getPaymentFailureMessage(code: string | undefined, t: Translate = activeTranslate): string {
  return t(
    (code && Object.hasOwn(PAYMENT_FAILURE_MESSAGES, code) && PAYMENT_FAILURE_MESSAGES[code]) ||
      'app.errors.paymentFailed',
  );
}

/** Errors worth a "Try again" button: the request may well succeed a moment later. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
