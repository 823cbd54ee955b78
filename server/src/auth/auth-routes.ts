import { SignUpSchema } from '@firstday/common/account';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { createRateLimiter } from '../lib/rate-limit.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/** Reset requests must pass the captcha, so they go through /api/account/password-reset only. */
const CLOSED_PATHS = new Set(['/api/auth/request-password-reset', '/api/auth/forget-password']);

/** better-auth answers `{ code: 'SOME_CODE', message }`; the API answers `{ error: { code, message } }`. */
async function normalizeErrorResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const retryAfter = headers.get('x-retry-after');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code =
    response.status === 429
      ? 'rate_limited'
      : (body.code ?? `http_${response.status}`).toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const message =
    response.status === 429
      ? 'Too many requests. Please wait a moment and try again.'
      : (body.message ?? 'The request was refused.');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers });
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

/** Paths limited per account (e-mail address) on top of better-auth's per-IP limits. */
const PER_ACCOUNT_LIMITED = new Set(['/api/auth/sign-in/email', '/api/auth/send-verification-email']);

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
  const accountLimiter = createRateLimiter(context.rateLimits.authPerAccount);
  return new Hono().on(['GET', 'POST'], '/*', async (c) => {
    const path = c.req.path;
    if (CLOSED_PATHS.has(path)) throw AppError.notFound('There is no API endpoint at this address.');
    if (c.req.method === 'POST') {
      if (path === '/api/auth/sign-up/email') await validateSignUp(c.req.raw);
      if (PER_ACCOUNT_LIMITED.has(path)) {
        const email = await readEmail(c.req.raw);
        if (email) accountLimiter.hit(`${path}:${email}`);
      }
    }
    return normalizeErrorResponse(
      await context.auth.handler(withClientIp(c.req.raw, getClientIp(c, context.env.TRUST_PROXY))),
    );
  });
}
