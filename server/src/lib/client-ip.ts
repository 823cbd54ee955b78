import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The value `trustedHops` proxies vouch for in a comma-separated `X-Forwarded-*` list, as Express's
 * `trust proxy` with a hop count does: each proxy appends what it saw, so only the rightmost
 * `trustedHops` entries were written by our proxies; anything left of them came from the client
 * and may be forged. Counting back `trustedHops` entries gives the value the outermost trusted
 * proxy received (or the leftmost, when there are fewer entries than trusted hops).
 */
export function pickForwardedValue(header: string | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0 || !header) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustedHops)];
}

/**
 * The caller's IP: behind `trustedHops` proxies (TRUST_PROXY) the address the outermost trusted
 * proxy saw, else the socket's.
 */
export function getClientIp(c: Context, trustedHops: number): string {
  const forwarded = pickForwardedValue(c.req.header('x-forwarded-for'), trustedHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
