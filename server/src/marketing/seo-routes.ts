import { LOCALES, localizedPath, unprefixedPath } from '@firstday/common/locales';
import { Hono } from 'hono';

/**
 * robots.txt and sitemap.xml of the prerendered public pages, with absolute addresses from APP_URL.
 * A page that exists in every language (a marketing page, an article) lists its versions
 * (`xhtml:link hreflang`), as its HTML does.
 */
export function createSeoRoutes(appUrl: string, publicPaths: readonly string[]) {
  const absolute = (path: string) => new URL(path, appUrl).href;
  const published = new Set(publicPaths);
  const isInEveryLanguage = (base: string) => LOCALES.every((locale) => published.has(localizedPath(base, locale)));
  return new Hono()
    .get('/robots.txt', (c) =>
      c.text(
        ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dev/', `Sitemap: ${appUrl}/sitemap.xml`, ''].join(
          '\n',
        ),
      ),
    )
    .get('/sitemap.xml', (c) => {
      const urls = publicPaths
        .map((path) => {
          const base = unprefixedPath(path);
          const versions = isInEveryLanguage(base)
            ? LOCALES.map(
                (locale) =>
                  `\n    <xhtml:link rel="alternate" hreflang="${locale}" href="${absolute(localizedPath(base, locale))}"/>`,
              ).join('')
            : '';
          return `  <url><loc>${absolute(path)}</loc>${versions}${versions ? '\n  ' : ''}</url>`;
        })
        .join('\n');
      c.header('Content-Type', 'application/xml; charset=utf-8');
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
      );
    });
}
