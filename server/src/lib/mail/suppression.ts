import { SITE } from '@firstday/common/site';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';
import { escapeHtml } from '../escape-html.ts';
import { createSignedToken, readSignedToken } from '../signed-token.ts';
import { mailSuppressions } from './schema.ts';

const UNSUBSCRIBE_PURPOSE = 'mail-unsubscribe';

/** The link in every non-transactional e-mail: a signed token naming the address. */
export function createUnsubscribeUrl(env: { APP_URL: string; APP_SECRETS: readonly string[] }, email: string): string {
  const token = createSignedToken(env.APP_SECRETS, UNSUBSCRIBE_PURPOSE, email.toLowerCase());
  return `${env.APP_URL}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Headers for one-click unsubscribe from the mail client (RFC 8058). */
export function createUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, email.toLowerCase()));
  return row !== undefined;
}

/** Honours a token: the address gets no further celebrations, notices or digests. */
export async function suppressByToken(db: Db, secrets: readonly string[], token: string): Promise<boolean> {
  const email = readSignedToken(secrets, UNSUBSCRIBE_PURPOSE, token);
  if (!email) return false;
  await db.insert(mailSuppressions).values({ email }).onConflictDoNothing();
  return true;
}

/** The page the unsubscribe link lands on (outside /api, which answers JSON only). */
export const UNSUBSCRIBED_PAGE = '/mail/unsubscribed';

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'";

function renderPage(heading: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)} · Firstday</title><link rel="icon" href="/favicon.svg"></head>
<body style="margin:0;background:#fffaf7;font-family:Arial,Helvetica,sans-serif;color:#2a2136"><main style="max-width:560px;margin:0 auto;padding:48px 24px">
<p style="font-weight:bold;font-size:20px;color:#b53764">Firstday</p><h1>${escapeHtml(heading)}</h1><p style="font-size:16px;line-height:1.6">${escapeHtml(text)}</p><p><a href="/" style="color:#b53764">Back to Firstday</a></p></main></body></html>`;
}

/**
 * `/api/mail/unsubscribe?token=…`: GET from the link in the e-mail (a 303 to the page that tells the
 * result, so /api never answers HTML), POST for one-click from the mail client (204, or the API's
 * error body for a bad token).
 */
export function createUnsubscribeRoutes(context: { db: Db; env: { APP_SECRETS: readonly string[] } }) {
  const handle = async (token: string) => suppressByToken(context.db, context.env.APP_SECRETS, token);
  return new Hono()
    .get('/unsubscribe', async (c) => {
      const done = await handle(c.req.query('token') ?? '');
      return c.redirect(done ? UNSUBSCRIBED_PAGE : `${UNSUBSCRIBED_PAGE}?link=invalid`, 303);
    })
    .post('/unsubscribe', async (c) => {
      if (!(await handle(c.req.query('token') ?? ''))) {
        throw new AppError('invalid_link', 'This unsubscribe link is not valid.', 400);
      }
      return c.body(null, 204);
    });
}

/** `GET /mail/unsubscribed[?link=invalid]`: where the unsubscribe link sends the reader. */
export function createUnsubscribedPage() {
  return new Hono().get('/unsubscribed', (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    c.header('Cache-Control', 'no-cache');
    return c.req.query('link') === 'invalid'
      ? c.html(
          renderPage(
            'This link is not valid',
            `The unsubscribe link may be incomplete. Please open it again from the latest e-mail, or write to ${SITE.supportEmail} and we will take your address off the list.`,
          ),
        )
      : c.html(
          renderPage(
            'You are unsubscribed',
            'We will not send you any more birth announcements, calendar notices or wish digests. E-mails about something you did yourself, like a receipt, still reach you.',
          ),
        );
  });
}
