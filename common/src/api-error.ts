import { z } from 'zod';

/**
 * The better-auth error codes the API passes on from its auth routes (server/src/auth/auth-routes.ts),
 * lowercased: those the open routes (OPEN_AUTH_ROUTES) can answer with. Any other better-auth
 * answer gets a general code by its status (`unauthorized`, `forbidden`, `not_found`,
 * `internal_error`, `bad_request`).
 */
export const AUTH_ERROR_CODES = [
  // Signing in, signing up, passwords.
  'invalid_email_or_password',
  'invalid_email',
  'email_not_verified',
  'email_already_verified',
  'email_mismatch',
  'invalid_password',
  'password_too_short',
  'password_too_long',
  'credential_account_not_found',
  // Verification and password-reset links.
  'invalid_token',
  'token_expired',
  'user_not_found',
  'invalid_user',
  // The origin check and our callback URL check (auth/callback-url.ts).
  'invalid_origin',
  'missing_or_null_origin',
  'cross_site_navigation_login_blocked',
  'invalid_callback_url',
  'invalid_redirect_url',
  'invalid_error_callback_url',
  'invalid_new_user_callback_url',
  // A request body better-auth's own validation refuses.
  'validation_error',
  // Federated sign-in started through the API.
  'provider_not_found',
  'id_token_not_supported',
  'failed_to_get_user_info',
  'user_email_not_found',
  'invalid_oauth_configuration',
  'token_url_not_found',
  // Failures on the server's side.
  'failed_to_create_user',
  'failed_to_create_session',
  'failed_to_get_session',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * Every `error.code` the API answers with: `AppError` takes only these, and the web words each
 * one in every language (web/src/lib/error-messages.ts), so a new code fails the type check until
 * it has a text.
 */
export const API_ERROR_CODES = [
  // Any route.
  'validation_failed',
  'bad_request',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'not_found',
  'unauthorized',
  'forbidden',
  'forbidden_origin',
  'conflict',
  'rate_limited',
  'internal_error',
  // GET /api/ready (health-routes.ts).
  'shutting_down',
  'database_unreachable',
  'migrations_pending',
  // Accounts.
  'captcha_failed',
  'reauthentication_required',
  'account_has_open_calendars',
  ...AUTH_ERROR_CODES,
  // Calendars.
  'calendar_incomplete',
  'calendar_closed',
  /** A welcome gift after the parents' window for them ended (decision 026). */
  'welcome_gifts_closed',
  'calendar_not_active',
  'currency_locked',
  'already_paid',
  // Guesses, wishes and gifts; the guest page.
  'idempotency_key_reused',
  'invalid_cursor',
  'image_unavailable',
  // Announcements, thank-you notes, the keepsake book.
  'not_announced',
  'thank_yous_closed',
  // Payments (the card-testing defence: decision 022), and the providers' webhooks.
  'captcha_required',
  'payments_paused',
  'payment_method_unavailable',
  'payment_unavailable',
  'invalid_signature',
  // Photos.
  'image_busy',
  'invalid_image',
  'invalid_upload',
  // Links in e-mails (newsletter, unsubscribe).
  'invalid_link',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const API_ERROR_CODE_SET: ReadonlySet<string> = new Set(API_ERROR_CODES);

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return API_ERROR_CODE_SET.has(code);
}

/** The one error body every API route answers with. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Turns a zod error into `{ field: message }`, first message per field. */
export function getFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
