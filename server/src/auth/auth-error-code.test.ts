import { AUTH_ERROR_CODES } from '@firstday/common/api-error';
import { BASE_ERROR_CODES } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import { describe, expect, it } from 'vitest';
import { toAuthErrorCode } from './auth-error-code.ts';

describe('toAuthErrorCode', () => {
  it('passes on the better-auth codes the API lists, lowercased', () => {
    expect(toAuthErrorCode('INVALID_EMAIL_OR_PASSWORD', 401)).toBe('invalid_email_or_password');
    expect(toAuthErrorCode('PASSWORD_TOO_SHORT', 400)).toBe('password_too_short');
    expect(toAuthErrorCode('INVALID_CALLBACK_URL', 400)).toBe('invalid_callback_url');
    expect(toAuthErrorCode('UNAUTHORIZED', 401)).toBe('unauthorized');
  });

  it('answers a general code by status for any other, or none', () => {
    expect(toAuthErrorCode('SOMETHING_NEW', 400)).toBe('bad_request');
    expect(toAuthErrorCode(undefined, 401)).toBe('unauthorized');
    expect(toAuthErrorCode('SOMETHING_NEW', 403)).toBe('forbidden');
    expect(toAuthErrorCode(undefined, 404)).toBe('not_found');
    expect(toAuthErrorCode('INTERNAL_SERVER_ERROR', 500)).toBe('internal_error');
    expect(toAuthErrorCode(undefined, 422)).toBe('bad_request');
  });

  it('says rate_limited for every 429', () => {
    expect(toAuthErrorCode(undefined, 429)).toBe('rate_limited');
    expect(toAuthErrorCode('TOO_MANY_REQUESTS', 429)).toBe('rate_limited');
  });

  // An upgrade of better-auth that renames one of them fails here, not silently in the web's texts.
  it('lists only codes better-auth has', () => {
    const known = new Set(
      [
        ...Object.keys(BASE_ERROR_CODES),
        ...Object.keys(genericOAuth({ config: [] }).$ERROR_CODES),
        // better-call's ValidationError, for a body an endpoint's schema refuses.
        'VALIDATION_ERROR',
      ].map((code) => code.toLowerCase()),
    );
    expect(AUTH_ERROR_CODES.filter((code) => !known.has(code))).toEqual([]);
  });
});
