import { type ApiErrorCode, isApiErrorCode } from '@firstday/common/api-error';

/**
 * The API's code for a better-auth error answer: its own code lowercased when it is one of ours
 * (`AUTH_ERROR_CODES` lists those the open routes answer), otherwise a general one by status, so
 * the API answers only codes the web words.
 */
export function toAuthErrorCode(betterAuthCode: string | undefined, status: number): ApiErrorCode {
  if (status === 429) return 'rate_limited';
  const code = betterAuthCode?.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  if (code && isApiErrorCode(code)) return code;
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'internal_error';
  return 'bad_request';
}
