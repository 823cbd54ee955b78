import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok, with security headers', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the request came over TLS', async () => {
    const response = await t.app.request('https://firstday.test/api/health');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s answers a JSON 404', async (method) => {
    const response = await t.app.request('/api/does-not-exist', { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'There is no API endpoint at this address.' },
    });
  });
});

describe('dev mailbox', () => {
  it('lists caught messages as JSON, filtered by recipient', async () => {
    const response = await t.app.request('/api/dev/mail?to=nobody@example.com');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('serves the mailbox page', async () => {
    const response = await t.app.request('/dev/mail');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Dev mailbox');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('point at absolute addresses', async () => {
    expect(await (await t.app.request('/robots.txt')).text()).toContain('Sitemap: http://firstday.test/sitemap.xml');
    const sitemap = await (await t.app.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://firstday.test/faq</loc>');
  });

  it('list each marketing page in every language, with its other versions', async () => {
    const sitemap = await (await t.app.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://firstday.test/de/faq</loc>');
    expect(sitemap).toContain('<loc>http://firstday.test/ru/</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="de" href="http://firstday.test/de/faq"/>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="ru" href="http://firstday.test/ru/articles"/>');
  });
});
