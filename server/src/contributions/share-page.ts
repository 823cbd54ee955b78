import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { sendAppShellWithHead, type WebBuild } from '../lib/web-static.ts';
import { findPublicCalendarRow } from './public-calendar.ts';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * `/c/<slug>` for link previews: the page itself renders in the browser, but messengers and social
 * networks read Open Graph and Twitter tags from the HTML, so the server adds them. A draft or an
 * unknown slug answers status 404 (the page then shows 'not found').
 */
export function createSharePageRoutes(context: AppContext, build: WebBuild) {
  return new Hono().get('/c/:slug', async (c) => {
    const calendar = await findPublicCalendarRow(context.db, c.req.param('slug'));
    // Not the prerendered /404 page: the browser routes this path to the calendar page, which would
    // not match that page's markup when hydrating. The app shell lets the calendar page say 'not found'.
    if (!calendar) return sendAppShellWithHead(c, build, '<meta name="robots" content="noindex"/>', 404);
    const title = calendar.title ?? `${calendar.firstName}'s calendar`;
    const due = calendar.dueDate ? LONG_DATE.format(new Date(`${calendar.dueDate}T00:00:00Z`)) : undefined;
    const description = `Guess the day ${calendar.firstName}'s baby arrives and leave a wish${due ? ` (due ${due})` : ''}. Just for fun: nobody wins money for a right guess.`;
    const url = `${context.env.APP_URL}/c/${calendar.slug}`;
    const image = `${context.env.APP_URL}/api/public/calendars/${calendar.slug}/og.png`;
    const tags: Array<[string, string, string]> = [
      ['property', 'og:site_name', 'Firstday'],
      ['property', 'og:type', 'website'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
      ['name', 'description', description],
      ['name', 'robots', 'noindex'],
    ];
    const head = [
      `<title>${escapeHtml(`${title} – Firstday`)}</title>`,
      ...tags.map(([key, name, content]) => `<meta ${key}="${name}" content="${escapeHtml(content)}"/>`),
    ].join('');
    return sendAppShellWithHead(c, build, head);
  });
}
