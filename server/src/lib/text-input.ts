import {
  describeForbiddenCharacter,
  describeForbiddenName,
  findForbiddenCharacter,
  findForbiddenText,
} from '@firstday/common/text';
import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

/** What better-auth parses as JSON (`application/json`, `application/*+json`). */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded/i;

/** Like Hono's parameter decoding: runs of valid escapes are decoded, a broken one stays as written. */
function decodeLoosely(segment: string): string {
  if (!segment.includes('%')) return segment;
  return segment.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

function checkAddress(url: URL, fields: Record<string, string>): void {
  for (const segment of url.pathname.split('/')) {
    const found = findForbiddenCharacter(decodeLoosely(segment));
    if (found) {
      fields.path ??= describeForbiddenCharacter(found);
      break;
    }
  }
  for (const [name, value] of url.searchParams) {
    const badName = findForbiddenCharacter(name);
    if (badName) {
      fields.query ??= describeForbiddenName(badName);
      continue;
    }
    const found = findForbiddenCharacter(value);
    if (found) fields[`query.${name}`] ??= describeForbiddenCharacter(found);
  }
}

async function checkBody(request: Request, fields: Record<string, string>): Promise<void> {
  if (!request.body) return;
  const type = request.headers.get('content-type') ?? '';
  const json = JSON_TYPE.test(type);
  if (!json && !FORM_TYPE.test(type)) return;
  // A clone: the route (and better-auth's handler, which reads the raw request) reads it again.
  const text = await request.clone().text();
  if (json) {
    // A refused character is in the text as it is or written as a \u escape: most bodies need no parse.
    if (!text.includes('\\u') && !findForbiddenCharacter(text)) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return; // the route answers 400 invalid_json
    }
    Object.assign(fields, findForbiddenText(body));
  } else {
    for (const [name, value] of new URLSearchParams(text)) {
      const badName = findForbiddenCharacter(name);
      if (badName) fields._ ??= describeForbiddenName(badName);
      else {
        const found = findForbiddenCharacter(value);
        if (found) fields[name] ??= describeForbiddenCharacter(found);
      }
    }
  }
}

/**
 * The one check of text input (rule: common/src/text.ts) for every `/api` route, better-auth's
 * included: each string of a JSON (or form) body, each decoded path segment and each query name and
 * value. A refused character answers 400 `validation_failed` with a message per field, so no route
 * ever hands PostgreSQL a NUL or stores half a character. Bodies under `skipBodyFor` (signed
 * webhooks, whose signature covers the exact bytes) are left to their route; their address is not.
 * The body limit in front bounds the work (one extra parse of at most 64 KB).
 */
export function refuseForbiddenText(options: { skipBodyFor: (path: string) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    const fields: Record<string, string> = {};
    checkAddress(new URL(c.req.url), fields);
    if (!options.skipBodyFor(c.req.path)) await checkBody(c.req.raw, fields);
    if (Object.keys(fields).length > 0) {
      throw new AppError('validation_failed', 'Some fields need your attention.', 400, { fields });
    }
    await next();
  };
}
