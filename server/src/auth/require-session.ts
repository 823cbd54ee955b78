import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/errors.ts';

/** The signed-in user and session of this request, or a 401 AppError. */
export async function requireSession(context: AppContext, c: Context) {
  const session = await context.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError('unauthorized', 'Please sign in to continue.', 401);
  return session;
}
