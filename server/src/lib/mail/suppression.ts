import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db.ts';
import { createSignedToken, readSignedToken } from '../signed-token.ts';
import { escapeHtml } from './render.ts';
import { mailSuppressions } from './schema.ts';

const UNSUBSCRIBE_PURPOSE = 'mail-unsubscribe';

/** The link in every non-transactional e-mail: a signed token naming the address. */
export function createUnsubscribeUrl(env: { APP_URL: string; APP_SECRET: string }, email: string): string {
  const token = createSignedToken(env.APP_SECRET, UNSUBSCRIBE_PURPOSE, email.toLowerCase());
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
export async function suppressByToken(db: Db, secret: string, token: string): Promise<boolean> {
  const email = readSignedToken(secret, UNSUBSCRIBE_PURPOSE, token);
  if (!email) return false;
  await db.insert(mailSuppressions).values({ email }).onConflictDoNothing();
  return true;
}

function renderPage(heading: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)} · Firstday</title></head>
<body style="margin:0;background:#fffaf7;font-family:Arial,Helvetica,sans-serif;color:#2a2136"><main style="max-width:560px;margin:0 auto;padding:48px 24px">
<p style="font-weight:bold;font-size:20px;color:#b53764">Firstday</p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Back to Firstday</a></p></main></body></html>`;
}

/** `/api/mail/unsubscribe?token=…`: GET from the link, POST for one-click from the mail client. */
export function createUnsubscribeRoutes(context: { db: Db; env: { APP_SECRET: string } }) {
  const handle = async (token: string) => suppressByToken(context.db, context.env.APP_SECRET, token);
  return new Hono()
    .get('/unsubscribe', async (c) => {
      const done = await handle(c.req.query('token') ?? '');
      return done
        ? c.html(renderPage('You are unsubscribed', 'We will not send you any more of these e-mails.'))
        : c.html(renderPage('This link is not valid', 'Please use the link from the latest e-mail.'), 400);
    })
    .post('/unsubscribe', async (c) => {
      const done = await handle(c.req.query('token') ?? '');
      return c.json({ unsubscribed: done }, done ? 200 : 400);
    });
}
