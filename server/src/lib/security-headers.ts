import type { MiddlewareHandler } from 'hono';
import { pickForwardedValue } from './client-ip.ts';

/** Default CSP; HTML pages replace it with one that allows their own inline scripts (by hash or nonce). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Third-party origins a page may load from, by integration switched on in the environment. */
export type ThirdPartySources = { script: string[]; frame: string[]; connect: string[] };

export function getThirdPartySources(options: { stripe: boolean; captcha: 'altcha' | 'recaptcha' | 'turnstile' }) {
  const sources: ThirdPartySources = { script: [], frame: [], connect: [] };
  if (options.stripe) {
    sources.script.push('https://js.stripe.com');
    sources.frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    sources.connect.push('https://api.stripe.com');
  }
  if (options.captcha === 'recaptcha') {
    sources.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    sources.frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (options.captcha === 'turnstile') {
    sources.script.push('https://challenges.cloudflare.com');
    sources.frame.push('https://challenges.cloudflare.com');
  }
  return sources;
}

const NO_THIRD_PARTIES: ThirdPartySources = { script: [], frame: [], connect: [] };

/** `inlineScripts`: CSP sources without quotes, `sha256-…` of a prerendered page's scripts or a rendered page's `nonce-…`. */
export function buildPageCsp(inlineScripts: readonly string[], thirdParties = NO_THIRD_PARTIES): string {
  const list = (values: readonly string[]) => values.map((value) => ` ${value}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${list(thirdParties.script)}${list(inlineScripts.map((source) => `'${source}'`))}`,
    // Inline style attributes come from React and the carousel; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${list(thirdParties.connect)}`,
    `frame-src 'self'${list(thirdParties.frame)}`,
    "worker-src 'self' blob:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers on every response; HSTS only when the request came over TLS. */
export function securityHeaders(options: { trustProxy: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    const forwardedProto = pickForwardedValue(c.req.header('x-forwarded-proto'), options.trustProxy);
    const overTls = forwardedProto === 'https' || new URL(c.req.url).protocol === 'https:';
    if (overTls) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
