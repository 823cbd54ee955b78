import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../lib/db.ts';
import { isUsableCallbackUrl } from './callback-url.ts';
import { pendingSignUps } from './schema.ts';

/** The sign-up tab's cookie (better-auth prefixes it, `better-auth.pending_sign_up`). */
const PENDING_COOKIE = 'pending_sign_up';
/** The page that explains an expired, used or broken confirmation link (web/src/auth/confirm-email-page.tsx). */
export const CONFIRMATION_LINK_PAGE = '/confirm_email';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type LinkReading =
  | { kind: 'invalid' }
  | { kind: 'expired' | 'valid'; email: string; userId?: string; changesAddress: boolean };

/**
 * Reads better-auth's verification token (an HS256 JWT signed with the app secret): whether its
 * signature holds, whether it has expired, and whose address it confirms.
 */
export function readVerificationToken(token: string, secret: string, now = Date.now()): LinkReading {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return { kind: 'invalid' };
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'invalid' };
  let claims: { email?: unknown; userId?: unknown; updateTo?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { kind: 'invalid' };
  }
  if (typeof claims.email !== 'string') return { kind: 'invalid' };
  const expired = typeof claims.exp === 'number' && claims.exp * 1000 <= now;
  return {
    kind: expired ? 'expired' : 'valid',
    email: claims.email.toLowerCase(),
    ...(typeof claims.userId === 'string' && { userId: claims.userId }),
    changesAddress: typeof claims.updateTo === 'string',
  };
}

/**
 * Finishing a sign-up on any device, and confirmation links that explain themselves.
 *
 * - Each e-mail sign-up leaves a random token in the tab's httpOnly cookie, bound server-side to
 *   the account that sign-up created (or to none, for a known address: answered alike). Once that
 *   account's address is verified — the e-mailed link opened anywhere — `POST /pending-sign-up`
 *   turns the token into a session, once (and answers `pending` while it waits). Knowing an address is not enough: only the browser that
 *   created the account holds its token, and that browser knew the password anyway.
 * - An expired, broken or already used link (`GET /verify-email`) leads to `/confirm_email`, which
 *   says so and offers a new link, instead of to the callback with `?error=` or to a login page.
 */
export function pendingSignUp({ db, expiresInSeconds }: { db: Db; expiresInSeconds: number }) {
  return {
    id: 'firstday-pending-sign-up',
    endpoints: {
      completePendingSignUp: createAuthEndpoint('/pending-sign-up', { method: 'POST' }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
        const token = ctx.getCookie(cookie.name);
        const current = await getSessionFromCtx(ctx);
        const signedIn = (userId?: string | null) =>
          Boolean(current?.user.emailVerified && (!userId || current.user.id === userId));
        // `pending`: this browser's sign-up still waits for its link, so a reloaded tab shows the wait again.
        const answer = (verified: boolean, pending = false) => ctx.json({ verified, pending: pending && !verified });
        if (!token) return answer(signedIn());
        const tokenHash = hashToken(token);
        const [pending] = await db
          .select()
          .from(pendingSignUps)
          .where(and(eq(pendingSignUps.tokenHash, tokenHash), gt(pendingSignUps.expiresAt, new Date())));
        const user = pending?.userId ? await ctx.context.internalAdapter.findUserById(pending.userId) : null;
        if (!pending || !user?.emailVerified) return answer(signedIn(), pending !== undefined);
        // One session per token, even when two polls arrive together.
        const taken = await db
          .delete(pendingSignUps)
          .where(eq(pendingSignUps.tokenHash, tokenHash))
          .returning({ userId: pendingSignUps.userId });
        ctx.setCookie(cookie.name, '', { ...cookie.attributes, maxAge: 0 });
        if (taken.length === 0 || signedIn(user.id)) return answer(signedIn(user.id));
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return answer(true);
      }),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const token = typeof ctx.query?.token === 'string' ? ctx.query.token : '';
            const callbackURL = typeof ctx.query?.callbackURL === 'string' ? ctx.query.callbackURL : '';
            const link = readVerificationToken(token, ctx.context.secret);
            if (link.kind !== 'invalid' && link.changesAddress) return;
            const params = new URLSearchParams({ link: link.kind });
            if (callbackURL.startsWith('/') && isUsableCallbackUrl(callbackURL)) params.set('redirect', callbackURL);
            if (link.kind === 'valid') {
              const found = await ctx.context.internalAdapter.findUserByEmail(link.email);
              if (!found?.user.emailVerified) return;
              const current = await getSessionFromCtx(ctx);
              if (current?.user.id === found.user.id) return;
              params.set('link', 'used');
            }
            if (link.kind === 'expired') params.set('email', link.email);
            throw ctx.redirect(`${CONFIRMATION_LINK_PAGE}?${params}`);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | Error | undefined;
            if (!returned || returned instanceof Error || typeof returned.user?.id !== 'string') return;
            // A known address gets a made-up user id in the answer: no account of that id exists.
            const created = await ctx.context.internalAdapter.findUserById(returned.user.id);
            const token = randomBytes(32).toString('base64url');
            await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, new Date()));
            await db.insert(pendingSignUps).values({
              tokenHash: hashToken(token),
              userId: created && !created.emailVerified ? created.id : null,
              expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
            });
            const cookie = ctx.context.createAuthCookie(PENDING_COOKIE, { maxAge: expiresInSeconds });
            ctx.setCookie(cookie.name, token, cookie.attributes);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
