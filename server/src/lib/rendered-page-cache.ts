import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';

/**
 * Cap on the bytes the cache holds (compressed pages, their headers and keys): 32 MiB, about 580
 * guest pages of 2,000 contributions or several thousand of ordinary size. Decision 033.
 */
export const RENDERED_PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Brotli at quality 5: as fast as gzip at its default (4 ms for 192 KB) and a third smaller (decision 033). */
const BROTLI_QUALITY = 5;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/** A rendered page ready to send: compressed twice, with its validator and its CSP. */
export type CachedPage = {
  key: string;
  /** What the page was rendered from; a request whose source differs renders it again. */
  source: string;
  gzip: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  /** The plain HTML, kept once a client asked for it (most never do). */
  identity?: Uint8Array<ArrayBuffer>;
  /** The HTML's SHA-256 (base64url, 128 bits): the same page has the same tag on every server. */
  hash: string;
  csp: string;
  bytes: number;
};

/** What a render hands the cache: the HTML and the CSP that allows exactly its scripts. */
export type RenderedHtml = { html: string; csp: string };

export type RenderedPageCache = {
  /**
   * The page stored under `key` if it was rendered from `source`; otherwise `render`'s, compressed
   * and stored (the least recently used pages make room). Concurrent misses for one key and source
   * share one render. Undefined when `render` says the page is not to be cached.
   */
  load(key: string, source: string, render: () => Promise<RenderedHtml | undefined>): Promise<CachedPage | undefined>;
  /** The page's plain HTML, for a client that takes no compression: unzipped once, then kept with it. */
  readIdentity(page: CachedPage): Promise<Uint8Array<ArrayBuffer>>;
  /** What the cache holds now (for tests and figures). */
  readonly size: { entries: number; bytes: number };
};

function view(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

async function compress(key: string, source: string, rendered: RenderedHtml): Promise<CachedPage> {
  const raw = Buffer.from(rendered.html, 'utf8');
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(raw),
    brotliAsync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
  ]);
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return {
    key,
    source,
    gzip: view(gzipped),
    br: view(brotli),
    hash,
    csp: rendered.csp,
    // The two bodies, plus the strings and the entry itself, roughly.
    bytes: gzipped.byteLength + brotli.byteLength + 2 * (rendered.csp.length + source.length) + 256,
  };
}

/**
 * In-process cache of server-rendered pages, bounded by bytes, least recently used out first
 * (docs/decisions/033-guest-page-html-cache.md). It knows nothing of invalidation: each request
 * says what the page must be rendered from (`source`), and a page made from anything else is
 * rendered again and replaces it.
 */
export function createRenderedPageCache(options: { maxBytes?: number } = {}): RenderedPageCache {
  const maxBytes = options.maxBytes ?? RENDERED_PAGE_CACHE_MAX_BYTES;
  // Map order is the order of last use: the first key is the least recently used.
  const entries = new Map<string, CachedPage>();
  const inFlight = new Map<string, { source: string; promise: Promise<CachedPage | undefined> }>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function makeRoom(bytes: number) {
    for (const oldest of entries.keys()) {
      if (totalBytes + bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function store(key: string, page: CachedPage) {
    remove(key);
    if (page.bytes > maxBytes) return;
    makeRoom(page.bytes);
    entries.set(key, page);
    totalBytes += page.bytes;
  }

  return {
    load(key, source, render) {
      const entry = entries.get(key);
      if (entry?.source === source) {
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry);
      }
      const running = inFlight.get(key);
      if (running?.source === source) return running.promise;
      const promise = render()
        .then(async (rendered) => {
          if (!rendered) return undefined;
          const page = await compress(key, source, rendered);
          // A render of an older source that finished late must not replace a newer page.
          if (inFlight.get(key)?.promise === promise || !entries.has(key)) store(key, page);
          return page;
        })
        .finally(() => {
          if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        });
      inFlight.set(key, { source, promise });
      return promise;
    },
    async readIdentity(page) {
      if (page.identity) return page.identity;
      const identity = view(await gunzipAsync(page.gzip));
      if (page.identity) return page.identity;
      // Kept only while the page is still the one cached under its key, and counted against the cap.
      if (entries.get(page.key) === page && page.bytes + identity.byteLength <= maxBytes) {
        entries.delete(page.key);
        totalBytes -= page.bytes;
        page.identity = identity;
        page.bytes += identity.byteLength;
        makeRoom(page.bytes);
        entries.set(page.key, page);
        totalBytes += page.bytes;
      }
      return identity;
    },
    get size() {
      return { entries: entries.size, bytes: totalBytes };
    },
  };
}
