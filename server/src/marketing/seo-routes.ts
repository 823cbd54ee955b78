import { Hono } from 'hono';

/** robots.txt and sitemap.xml of the prerendered public pages, with absolute addresses from APP_URL. */
export function createSeoRoutes(appUrl: string, publicPaths: readonly string[]) {
  return new Hono()
    .get('/robots.txt', (c) =>
      c.text(
        ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dev/', `Sitemap: ${appUrl}/sitemap.xml`, ''].join(
          '\n',
        ),
      ),
    )
    .get('/sitemap.xml', (c) => {
      const urls = publicPaths.map((path) => `  <url><loc>${new URL(path, appUrl).href}</loc></url>`).join('\n');
      c.header('Content-Type', 'application/xml; charset=utf-8');
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
    });
}
