import { APIError, createAuthMiddleware } from 'better-auth/api';

const CALLBACK_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;
const REFERENCE_ORIGIN = 'https://callback.invalid';

/**
 * A redirect target better-auth can build on: a path on this site ('/my_calendars') or an absolute
 * URL (better-auth's origin check decides whether its origin is trusted). better-auth lets other
 * strings through its check ('!', 'my_calendars') and then fails to append `?error=` to them with a
 * TypeError: a 500 for a mistyped link.
 */
export function isUsableCallbackUrl(value: string): boolean {
  if (!value.startsWith('/')) return URL.canParse(value);
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  return URL.canParse(value, REFERENCE_ORIGIN) && new URL(value, REFERENCE_ORIGIN).origin === REFERENCE_ORIGIN;
}

/** better-auth `hooks.before`: refuses an unusable callback URL in the query or body with a 400. */
export const refuseUnusableCallbackUrls = createAuthMiddleware(async (ctx) => {
  for (const source of [ctx.query, ctx.body] as unknown[]) {
    if (!source || typeof source !== 'object') continue;
    for (const field of CALLBACK_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '' && !isUsableCallbackUrl(value)) {
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_CALLBACK_URL',
          message: `${field} must be a path on this site, like /my_calendars.`,
        });
      }
    }
  }
});
