import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing requests: browsers send Origin (and Sec-Fetch-Site) on them, so
 * one from another site is refused. JSON-only bodies (415 otherwise) and SameSite=Lax cookies are
 * the other layers.
 */
export function requireTrustedOrigin(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
      if ((origin && origin !== 'null' && !trusted.has(origin)) || origin === 'null' || crossSite) {
        throw new AppError('forbidden_origin', 'This request came from another website and was refused.', 403);
      }
    }
    await next();
  };
}
