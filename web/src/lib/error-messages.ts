import { ApiError, NETWORK_ERROR_CODE } from './api.ts';

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
};

const FALLBACK = 'Something went wrong. Please try again in a moment.';

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

/** Errors worth a "Try again" button: the request may well succeed a moment later. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
