import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageContext } from '@firstday/common/page-context';
import { isAppRoute } from '@firstday/common/site';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { buildPageCsp, type ThirdPartySources } from './security-headers.ts';

type HtmlPage = { raw: Buffer; br?: Buffer; gzip?: Buffer; csp: string };

/** What the web app's server entry (web/src/entry.server.tsx) exports for this server. */
type ServerEntry = {
  createRequestHandler(build: unknown, mode: string): (request: Request, loadContext: unknown) => Promise<Response>;
  createPageContext(values: PageContext): unknown;
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** sha256 CSP sources for every inline script of a prerendered page. */
export function getInlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.length > 0)
    .map((body) => `sha256-${createHash('sha256').update(body).digest('base64')}`);
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

function loadPages(distDir: string, thirdParties?: ThirdPartySources): Map<string, HtmlPage> {
  const pages = new Map<string, HtmlPage>();
  for (const file of walkHtml(distDir)) {
    const raw = readFileSync(file);
    pages.set(toRoutePath(distDir, file), {
      raw,
      br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gzip: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
      csp: buildPageCsp(getInlineScriptHashes(raw.toString('utf8')), thirdParties),
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
  const pages = loadPages(distDir, thirdParties);
  const publicPaths = [...pages.keys()].filter((path) => path !== '/404').sort();
  const serverBuild = await import(pathToFileURL(serverBuildFile).href);
  const entry = serverBuild.entry.module as ServerEntry;
  return {
    distDir,
    pages,
    publicPaths,
    thirdParties,
    render: entry.createRequestHandler(serverBuild, 'production'),
    createPageContext: entry.createPageContext,
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
  headers.set('Cache-Control', 'no-cache');
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

/**
 * Serves the web build: hashed assets with a one-year immutable cache, other files for an hour,
 * prerendered pages by path, the routes of `APP_ROUTE_PATTERNS` rendered by React Router, and the
 * not-found page with status 404 for anything else. Precompressed .br/.gz files are preferred.
 */
export function mountWebBuild(app: Hono, build: WebBuild, pageData: Omit<PageContext, 'nonce'>): void {
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
}
