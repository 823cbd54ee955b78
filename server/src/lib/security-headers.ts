import type { MiddlewareHandler } from 'hono';

/** Default CSP; HTML pages replace it with one that lists their own inline script hashes. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function buildPageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'${hash}'`).join(' ')}`.trim(),
    // Inline style attributes come from React and the carousel; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers on every response; HSTS only when the request came over TLS. */
export function securityHeaders(options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    const forwardedProto = options.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
    const overTls = forwardedProto === 'https' || new URL(c.req.url).protocol === 'https:';
    if (overTls) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
