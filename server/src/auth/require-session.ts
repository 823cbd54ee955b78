import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/errors.ts';

/**
 * The signed-in user and session of this request, or a 401 AppError. A session of an account
 * whose address is not verified yet counts as none (401 `email_not_verified`), as it does for the
 * web (`hasVerifiedSession`): a creator is a signed-in user with a verified address. better-auth
 * gives such an account no session, password and federated sign-in alike; this holds the line
 * should one ever exist.
 */
export async function requireSession(context: AppContext, c: Context) {
  const session = await context.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError('unauthorized', 'Please sign in to continue.', 401);
  if (!session.user.emailVerified) {
    throw new AppError(
      'email_not_verified',
      'Please confirm your e-mail address first: open the link we e-mailed you.',
      401,
    );
  }
  return session;
}
