import { describe, expect, it } from 'vitest';
import { createSeoRoutes } from './seo-routes.ts';

describe('sitemap.xml', () => {
  it('lists the language versions only of pages that exist in every language', async () => {
    const paths = ['/articles/a', '/de/articles/a', '/ru/articles/a', '/articles/b', '/de/articles/b'];
    const sitemap = await (await createSeoRoutes('https://firstday.test', paths).request('/sitemap.xml')).text();
    expect(sitemap).toContain(
      '<url><loc>https://firstday.test/de/articles/a</loc>\n    <xhtml:link rel="alternate" hreflang="en" href="https://firstday.test/articles/a"/>',
    );
    expect(sitemap).toContain('<url><loc>https://firstday.test/articles/b</loc></url>');
    expect(sitemap).toContain('<url><loc>https://firstday.test/de/articles/b</loc></url>');
  });
});
