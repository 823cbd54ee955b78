import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderedPageCache, RENDERED_PAGE_CACHE_MAX_BYTES } from './rendered-page-cache.ts';

/** A page that barely compresses, so that its size in the cache is about `kilobytes`. */
function incompressiblePage(kilobytes: number) {
  return { html: `<p>${randomBytes(kilobytes * 512).toString('base64')}</p>`, csp: "script-src 'self'" };
}

function countingRender(page = () => incompressiblePage(1)) {
  const counter = {
    renders: 0,
    render: async () => {
      counter.renders++;
      return page();
    },
  };
  return counter;
}

describe('rendered page cache', () => {
  it('keeps a page until it is asked for one rendered from another source', async () => {
    const cache = createRenderedPageCache();
    const source = countingRender();
    const first = await cache.load('slug|en', 'v1|2030-01-01', source.render);
    expect(await cache.load('slug|en', 'v1|2030-01-01', source.render)).toBe(first);
    expect(source.renders).toBe(1);
    const next = await cache.load('slug|en', 'v2|2030-01-01', source.render);
    expect(next).not.toBe(first);
    expect(source.renders).toBe(2);
    expect(cache.size.entries).toBe(1);
  });

  it('compresses once, to the same HTML in gzip, brotli and plain, with a hash of the HTML', async () => {
    const html = `<html><body>${'<p>Grace Hopper guessed 2030-01-10</p>'.repeat(500)}</body></html>`;
    const cache = createRenderedPageCache();
    const page = await cache.load('k', 's', async () => ({ html, csp: "script-src 'self'" }));
    if (!page) throw new Error('not cached');
    expect(gunzipSync(page.gzip).toString('utf8')).toBe(html);
    expect(brotliDecompressSync(page.br).toString('utf8')).toBe(html);
    const compressedBytes = cache.size.bytes;
    expect(Buffer.from(await cache.readIdentity(page)).toString('utf8')).toBe(html);
    // Once asked for, the plain HTML is kept with the page and counted.
    expect(cache.size.bytes).toBe(compressedBytes + Buffer.byteLength(html));
    expect(await cache.readIdentity(page)).toBe(await cache.readIdentity(page));
    expect(page.br.byteLength).toBeLessThan(page.gzip.byteLength);
    expect(page.hash).toMatch(/^[\w-]{22}$/);
    const again = await createRenderedPageCache().load('k', 's', async () => ({ html, csp: '' }));
    expect(again?.hash).toBe(page.hash);
  });

  it('evicts the least recently used pages beyond its cap, by bytes', async () => {
    const cache = createRenderedPageCache({ maxBytes: 100 * 1024 });
    const source = countingRender(() => incompressiblePage(30));
    for (const key of ['a', 'b', 'c']) await cache.load(key, 's', source.render);
    expect(cache.size.entries).toBe(3);
    // 'a' is used again, so 'b' is now the least recently used.
    await cache.load('a', 's', source.render);
    expect(source.renders).toBe(3);
    await cache.load('d', 's', source.render);
    expect(cache.size.entries).toBe(3);
    expect(cache.size.bytes).toBeLessThanOrEqual(100 * 1024);
    await cache.load('a', 's', source.render);
    expect(source.renders).toBe(4);
    await cache.load('b', 's', source.render);
    expect(source.renders).toBe(5);
  });

  it('does not keep a page larger than the whole cap, but still returns it', async () => {
    const cache = createRenderedPageCache({ maxBytes: 10 * 1024 });
    const page = await cache.load('big', 's', async () => incompressiblePage(20));
    expect(page?.bytes).toBeGreaterThan(10 * 1024);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('has a cap of 32 MiB by default', () => {
    expect(RENDERED_PAGE_CACHE_MAX_BYTES).toBe(32 * 1024 * 1024);
  });

  it('shares one render among concurrent misses for one key and source', async () => {
    const cache = createRenderedPageCache();
    const source = countingRender();
    const pages = await Promise.all(Array.from({ length: 5 }, () => cache.load('k', 's', source.render)));
    expect(source.renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    // Another source at the same time is rendered apart.
    await Promise.all([cache.load('k', 's2', source.render), cache.load('k', 's3', source.render)]);
    expect(source.renders).toBe(3);
  });

  it('keeps nothing a render declines, and keeps the newer of two renders that overlap', async () => {
    const cache = createRenderedPageCache();
    expect(await cache.load('k', 's', async () => undefined)).toBeUndefined();
    expect(cache.size.entries).toBe(0);

    let release: () => void = () => {};
    const older = cache.load('k', 'old', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return incompressiblePage(1);
    });
    const newer = await cache.load('k', 'new', async () => incompressiblePage(1));
    release();
    await older;
    const source = countingRender();
    expect(await cache.load('k', 'new', source.render)).toBe(newer);
    expect(source.renders).toBe(0);
  });
});
