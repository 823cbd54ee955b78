import { SignUpSchema } from '@firstday/common/account';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError, toErrorBody } from '../lib/errors.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { toAuthErrorCode } from './auth-error-code.ts';

/**
 * The better-auth endpoints the product uses on purpose; every other one answers 404. better-auth
 * offers more (delete-user, update-user, change-email, list-sessions, …) and each would bypass a
 * check of ours: account deletion and settings go through /api/account, password-reset requests
 * through the captcha at /api/account/password-reset. Listed in docs/API.md.
 */
export const OPEN_AUTH_ROUTES = [
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email' },
  // The sign-up tab asks whether its sign-up was confirmed on any device (pending-sign-up.ts).
  { method: 'POST', path: '/pending-sign-up' },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/change-password' },
  // Federated sign-in: start, and the provider's redirect back (some providers post it).
  { method: 'POST', path: '/sign-in/social' },
  { method: 'GET', path: '/callback/:id' },
  { method: 'POST', path: '/callback/:id' },
] as const;

const AUTH_BASE_PATH = '/api/auth';

function isOpenAuthRoute(method: string, path: string): boolean {
  const subPath = path.slice(AUTH_BASE_PATH.length);
  return OPEN_AUTH_ROUTES.some(
    (route) =>
      route.method === method &&
      (route.path.endsWith('/:id')
        ? subPath.startsWith(route.path.slice(0, -3)) && /^[\w-]+$/.test(subPath.slice(route.path.length - 3))
        : subPath === route.path),
  );
}

/** better-auth answers `{ code: 'SOME_CODE', message }`; the API answers `{ error: { code, message } }`. */
async function normalizeErrorResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const retryAfter = headers.get('x-retry-after');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = toAuthErrorCode(body.code, response.status);
  const message =
    response.status === 429
      ? 'Too many requests. Please wait a moment and try again.'
      : (body.message ?? 'The request was refused.');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(toErrorBody({ code, message })), { status: response.status, headers });
}

/** Parses the sign-up body with the same schema as the form, so the field messages match. */
async function validateSignUp(request: Request): Promise<void> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid JSON.', 400);
  }
  const result = SignUpSchema.safeParse(body);
  if (!result.success) throw AppError.validation(result.error);
}

async function readEmail(request: Request): Promise<string | undefined> {
  const body = (await request
    .clone()
    .json()
    .catch(() => undefined)) as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}

export function createAuthRoutes(context: AppContext) {
  const verificationMails = context.limiters.create(
    'verification-mails-per-account-and-ip',
    context.rateLimits.authMailsPerAccountAndIp,
  );
  const { signInPerIp, signInPerAccountAndIp } = context.throttles;

  /**
   * Only wrong passwords count, per IP and per account and IP: the owner signing in from another
   * place is never slowed down by a stranger's guesses, and a success forgets her own typos.
   */
  async function signIn(request: Request, ip: string): Promise<Response> {
    const accountKey = `${(await readEmail(request)) ?? ''}|${ip}`;
    await signInPerIp.assertAllowed(ip);
    await signInPerAccountAndIp.assertAllowed(accountKey);
    const response = await context.auth.handler(request);
    if (response.status === 401) {
      await signInPerIp.recordFailure(ip);
      await signInPerAccountAndIp.recordFailure(accountKey);
    } else if (response.ok) {
      await signInPerAccountAndIp.recordSuccess(accountKey);
    }
    return response;
  }

  return new Hono().on(['GET', 'POST'], '/*', async (c) => {
    const path = c.req.path;
    if (!isOpenAuthRoute(c.req.method, path)) throw AppError.notFound('There is no API endpoint at this address.');
    const ip = getClientIp(c, context.env.TRUST_PROXY);
    const request = withClientIp(c.req.raw, ip);
    if (c.req.method === 'POST' && path === '/api/auth/sign-in/email') {
      return normalizeErrorResponse(await signIn(request, ip));
    }
    if (c.req.method === 'POST' && path === '/api/auth/sign-up/email') await validateSignUp(request);
    if (c.req.method === 'POST' && path === '/api/auth/send-verification-email') {
      await verificationMails.hit(`${(await readEmail(request)) ?? ''}|${ip}`);
    }
    return normalizeErrorResponse(await context.auth.handler(request));
  });
}
