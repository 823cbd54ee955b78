import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing requests. A browser names the page that sent a request: in
 * Origin, and in Sec-Fetch-Site. With an Origin, it must be one of ours. Without one, a browser's
 * Sec-Fetch-Site must say 'same-origin': 'same-site' is a sibling subdomain (which may be someone
 * else's), 'cross-site' another site, 'none' no page at all. Requests with neither header come
 * from servers, not browsers (webhooks, one-click unsubscribe), so there is no cookie to ride on.
 * JSON-only bodies (415 otherwise) and SameSite=Lax cookies are the other layers.
 */
export function requireTrustedOrigin(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isFromTrustedPage(c.req.header('origin'), c.req.header('sec-fetch-site'))) {
      throw new AppError('forbidden_origin', 'This request came from another website and was refused.', 403);
    }
    await next();
  };

  function isFromTrustedPage(origin: string | undefined, fetchSite: string | undefined): boolean {
    if (origin !== undefined) return trusted.has(origin);
    return fetchSite === undefined || fetchSite === 'same-origin';
  }
}
