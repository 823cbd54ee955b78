import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicCalendar } from '@firstday/common/contributions';
import { LOCALE_COOKIE, type Locale, visitorLocale } from '@firstday/common/locales';
import type { PageContext } from '@firstday/common/page-context';
import { isAppRoute } from '@firstday/common/site';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { CachedPage, RenderedHtml, RenderedPageCache } from './rendered-page-cache.ts';
import { buildPageCsp, type ThirdPartySources } from './security-headers.ts';

type HtmlPage = { raw: Buffer; br?: Buffer; gzip?: Buffer; csp: string };

/** What the web app's server entry (web/src/entry.server.tsx) exports for this server. */
type ServerEntry = {
  createRequestHandler(build: unknown, mode: string): (request: Request, loadContext: unknown) => Promise<Response>;
  createPageContext(values: PageContext): unknown;
  /** The scripts a rendered page inserts after its first paint (hydrate-after-paint.ts). */
  getDeferredScripts(html: string): string[];
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
// A data block (the page's catalogues, decision 020) never runs: no CSP source needed.
const DATA_BLOCK = /\btype="application\/json"/;

function hashScript(body: string): string {
  return `sha256-${createHash('sha256').update(body).digest('base64')}`;
}

/** sha256 CSP sources for every inline script of a prerendered or cached page. */
export function getInlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter((match) => !DATA_BLOCK.test(match[1] ?? ''))
    .map((match) => match[2] ?? '')
    .filter((body) => body.length > 0)
    .map(hashScript);
}

function* walkHtml(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkHtml(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** '/green/index.html' → '/green'; '/index.html' → '/'. */
function toRoutePath(distDir: string, file: string): string {
  const path = `/${relative(distDir, file).split(sep).join('/')}`.replace(/(\/index)?\.html$/, '');
  return path === '' ? '/' : path;
}

/**
 * The CSP of a page served without a nonce (prerendered or cached): its inline scripts and the
 * module its starter inserts after the first paint (`getDeferredScripts`, decisions 033 and 036),
 * each allowed by its hash.
 */
export function getHashedPageCsp(
  html: string,
  getDeferredScripts: ServerEntry['getDeferredScripts'],
  thirdParties?: ThirdPartySources,
): string {
  return buildPageCsp([...getInlineScriptHashes(html), ...getDeferredScripts(html).map(hashScript)], thirdParties);
}

function loadPages(
  distDir: string,
  getDeferredScripts: ServerEntry['getDeferredScripts'],
  thirdParties?: ThirdPartySources,
): Map<string, HtmlPage> {
  const pages = new Map<string, HtmlPage>();
  for (const file of walkHtml(distDir)) {
    const raw = readFileSync(file);
    pages.set(toRoutePath(distDir, file), {
      raw,
      br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gzip: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
      csp: getHashedPageCsp(raw.toString('utf8'), getDeferredScripts, thirdParties),
    });
  }
  return pages;
}

function sendPage(c: Context, page: HtmlPage, status: 200 | 404) {
  const accepted = c.req.header('accept-encoding') ?? '';
  const [body, encoding] =
    page.br && /\bbr\b/.test(accepted)
      ? [page.br, 'br']
      : page.gzip && /\bgzip\b/.test(accepted)
        ? [page.gzip, 'gzip']
        : [page.raw, undefined];
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Cache-Control', 'no-cache');
  c.header('Content-Security-Policy', page.csp);
  c.header('Vary', 'Accept-Encoding');
  if (encoding) c.header('Content-Encoding', encoding);
  return c.body(new Uint8Array(body), status);
}

export type WebBuild = {
  distDir: string;
  pages: Map<string, HtmlPage>;
  publicPaths: string[];
  thirdParties?: ThirdPartySources;
  render: ReturnType<ServerEntry['createRequestHandler']>;
  createPageContext: ServerEntry['createPageContext'];
  getDeferredScripts: ServerEntry['getDeferredScripts'];
};

/**
 * Reads the prerendered pages once at start-up and imports the server build beside them
 * (`web/build/server`), which renders the other routes per request.
 */
export async function loadWebBuild(distDir: string, thirdParties?: ThirdPartySources): Promise<WebBuild> {
  const serverBuildFile = join(distDir, '..', 'server', 'index.js');
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(serverBuildFile)) {
    throw new Error(`The web build is missing at ${distDir}; run \`npm run build\` first.`);
  }
  const serverBuild = await import(pathToFileURL(serverBuildFile).href);
  const entry = serverBuild.entry.module as ServerEntry;
  const pages = loadPages(distDir, entry.getDeferredScripts, thirdParties);
  const publicPaths = [...pages.keys()].filter((path) => path !== '/404').sort();
  return {
    distDir,
    pages,
    publicPaths,
    thirdParties,
    render: entry.createRequestHandler(serverBuild, 'production'),
    createPageContext: entry.createPageContext,
    getDeferredScripts: entry.getDeferredScripts,
  };
}

/**
 * A route rendered per request by React Router (the guest page, and the loading screen of the
 * client-rendered routes). Its inline scripts carry a fresh CSP nonce; the HTML is gzipped as it
 * streams.
 */
async function renderPage(c: Context, build: WebBuild, pageData: Omit<PageContext, 'nonce'>) {
  const nonce = randomBytes(16).toString('base64');
  const response = await build.render(c.req.raw, build.createPageContext({ ...pageData, nonce }));
  const headers = new Headers(response.headers);
  // A route that draws the visitor's own data says so ('private, no-store': signed-in-layout.tsx).
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache');
  headers.set('Content-Security-Policy', buildPageCsp([`nonce-${nonce}`], build.thirdParties));
  headers.set('Vary', 'Accept-Encoding');
  // gzip, not brotli: brotli's default quality (11) is for files compressed once at build time.
  if (!response.body || !/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    return new Response(response.body, { status: response.status, headers });
  }
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, headers });
}

/** How the guest page `/c/<slug>` is served from a cache of its HTML (decision 033). */
export type GuestPageOptions = {
  cache: RenderedPageCache;
  /**
   * The calendar's public answer in `locale`, from the public calendar cache: its JSON text and
   * version (a digest of the text); undefined for a draft or an unknown slug.
   */
  loadCalendar(slug: string, locale: Locale): Promise<{ version: string; body: string } | undefined>;
};

const GUEST_PAGE = /^\/c\/([^/]+)$/;

/** The content coding a client prefers among those kept: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((value) => value.trim());
    const q = params.find((param) => param.startsWith('q='));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** If-None-Match uses the weak comparison (RFC 9110, 13.1.2). */
function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Renders the guest page to cache: from the calendar text the request read (never another read, so
 * the page is exactly as fresh as that text), for a request that carries only what the page may
 * depend on — its path, on the public address, and the language as a cookie — and without a nonce:
 * its inline scripts, and the module its starter inserts, are allowed by their hashes. Undefined
 * (not cached) unless the render answers 200.
 */
async function renderGuestPage(
  build: WebBuild,
  pageData: Omit<PageContext, 'nonce'>,
  slug: string,
  locale: Locale,
  body: string,
): Promise<RenderedHtml | undefined> {
  const calendar = JSON.parse(body) as PublicCalendar;
  const request = new Request(new URL(`/c/${slug}`, pageData.appUrl), {
    headers: { cookie: `${LOCALE_COOKIE}=${locale}` },
  });
  const context = build.createPageContext({
    ...pageData,
    getPublicCalendar: (wanted, wantedLocale) =>
      wanted === slug && wantedLocale === locale
        ? Promise.resolve(calendar)
        : pageData.getPublicCalendar(wanted, wantedLocale),
  });
  const response = await build.render(request, context);
  if (response.status !== 200) {
    await response.body?.cancel();
    return undefined;
  }
  const html = await response.text();
  return { html, csp: getHashedPageCsp(html, build.getDeferredScripts, build.thirdParties) };
}

/** A cached page: 304 when the client has it, else in the coding it prefers. */
async function sendCachedPage(c: Context, cache: RenderedPageCache, page: CachedPage) {
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  // One tag per representation: the same page gzipped and in brotli are different bytes.
  const etag = `"${page.hash}${encoding ? `-${encoding}` : ''}"`;
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  c.header('ETag', etag);
  // On a 304 too: the browser updates the headers it keeps with these, CSP included.
  c.header('Content-Security-Policy', page.csp);
  if (matchesEntityTag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (encoding) c.header('Content-Encoding', encoding);
  return c.body(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : await cache.readIdentity(page), 200);
}

/**
 * The guest page from the cache, rendered when the calendar's answer (or the day) changed since:
 * the answer's version is the cache's only invalidation, so the HTML follows the public calendar
 * cache and its NOTIFY exactly (decisions 016, 033). Undefined for anything not to cache (an
 * unknown slug, a draft, a failed render): the ordinary render answers it.
 */
async function serveGuestPage(
  c: Context,
  build: WebBuild,
  pageData: Omit<PageContext, 'nonce'>,
  guestPages: GuestPageOptions,
  slug: string,
): Promise<Response | undefined> {
  const locale = visitorLocale(c.req.raw.headers);
  const calendar = await guestPages.loadCalendar(slug, locale);
  if (!calendar) return undefined;
  // The page counts the days to the due date from the server's day (UTC), as its loader does.
  const today = new Date().toISOString().slice(0, 10);
  const page = await guestPages.cache
    .load(`${slug}|${locale}`, `${calendar.version}|${today}`, () =>
      renderGuestPage(build, pageData, slug, locale, calendar.body),
    )
    .catch(() => undefined);
  return page && sendCachedPage(c, guestPages.cache, page);
}

/**
 * Serves the web build: hashed assets with a one-year immutable cache, other files for an hour,
 * prerendered pages by path, the routes of `APP_ROUTE_PATTERNS` rendered by React Router (the
 * guest page from its cache with `guestPages`), and the not-found page with status 404 for anything
 * else. Precompressed .br/.gz files are preferred.
 */
export function mountWebBuild(
  app: Hono,
  build: WebBuild,
  pageData: Omit<PageContext, 'nonce'>,
  guestPages?: GuestPageOptions,
): void {
  const { distDir, pages } = build;
  const notFound = pages.get('/404');
  if (!notFound) throw new Error('The web build has no /404 page.');

  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.get('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const page = path === '/404' ? undefined : pages.get(path);
    if (page) return sendPage(c, page, 200);
    const guestSlug = guestPages && GUEST_PAGE.exec(path)?.[1];
    if (guestSlug) {
      const cached = await serveGuestPage(c, build, pageData, guestPages, guestSlug);
      if (cached) return cached;
    }
    // `.data`: the route's loader data, which the browser fetches when it navigates to the route.
    if (isAppRoute(path.replace(/\.data$/, ''))) return renderPage(c, build, pageData);
    await next();
  });
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
    }),
  );
  app.get('*', (c) => sendPage(c, notFound, 404));
  // A form sent natively, by a browser that runs no scripts (the sign-in and sign-up forms post
  // so that a password never lands in the address): the page again, not the API's 'Not found'.
  app.post('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    if (path === '/404' || !(pages.has(path) || isAppRoute(path))) return next();
    return c.redirect(c.req.url.slice(new URL(c.req.url).origin.length), 303);
  });
}
