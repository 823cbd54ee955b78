import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/errors.ts';
import { account } from './schema.ts';

/** How recent a sign-in must be to stand in for a password (accounts that have none). */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

type SignedIn = { user: { id: string }; session: { createdAt: Date } };

export async function hasPassword(context: Pick<AppContext, 'db'>, userId: string): Promise<boolean> {
  const rows = await context.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), isNotNull(account.password)));
  return rows.length > 0;
}

/**
 * For what a stolen session must not be able to do (change the payout bank account, delete the
 * account): the account's password, or for an account without one (federated sign-in only) a
 * sign-in within the last 10 minutes. Wrong passwords are throttled per account, so a stolen
 * session cannot guess the password here either.
 */
export async function requireRecentAuthentication(
  context: Pick<AppContext, 'db' | 'auth' | 'throttles'>,
  headers: Headers,
  signedIn: SignedIn,
  password: string | undefined,
): Promise<void> {
  const userId = signedIn.user.id;
  if (!(await hasPassword(context, userId))) {
    if (Date.now() - signedIn.session.createdAt.getTime() <= FRESH_SIGN_IN_MS) return;
    throw new AppError('reauthentication_required', 'For your safety, please sign in again to confirm this.', 403);
  }
  if (!password) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { password: 'Please enter your password to confirm.' },
    });
  }
  const throttle = context.throttles.passwordConfirmation;
  await throttle.assertAllowed(userId);
  try {
    await context.auth.api.verifyPassword({ headers, body: { password } });
  } catch {
    await throttle.recordFailure(userId);
    throw new AppError('invalid_password', 'The password is not correct.', 400, {
      fields: { password: 'The password is not correct.' },
    });
  }
  await throttle.recordSuccess(userId);
}
