import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isAppRoute } from '@firstday/common/site';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { buildPageCsp, type ThirdPartySources } from './security-headers.ts';

type HtmlPage = { raw: Buffer; br?: Buffer; gzip?: Buffer; csp: string };

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

/** '/green/index.html' → '/green'; '/index.html' → '/'; '/__spa-fallback.html' → '/__spa-fallback'. */
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

export type WebBuild = { distDir: string; pages: Map<string, HtmlPage>; publicPaths: string[] };

/** Reads the prerendered pages once at start-up. */
export function loadWebBuild(distDir: string, thirdParties?: ThirdPartySources): WebBuild {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`The web build is missing at ${distDir}; run \`npm run build\` first.`);
  }
  const pages = loadPages(distDir, thirdParties);
  const publicPaths = [...pages.keys()].filter((path) => path !== '/404' && path !== '/__spa-fallback').sort();
  return { distDir, pages, publicPaths };
}

/**
 * The SPA shell with extra tags in its <head> (share previews for crawlers, which run no
 * JavaScript). Sent uncompressed: the precompressed files are of the unchanged shell.
 */
export function sendAppShellWithHead(c: Context, build: WebBuild, headHtml: string, status: 200 | 404 = 200) {
  const shell = build.pages.get('/__spa-fallback')!;
  c.header('Cache-Control', 'no-cache');
  c.header('Content-Security-Policy', shell.csp);
  return c.html(shell.raw.toString('utf8').replace('</head>', `${headHtml}</head>`), status);
}

/**
 * Serves the web build: hashed assets with a one-year immutable cache, other files for an hour,
 * prerendered pages by path, the SPA shell for client-rendered routes, and the not-found page
 * with status 404 for anything else. Precompressed .br/.gz files are preferred.
 */
export function mountWebBuild(app: Hono, build: WebBuild): void {
  const { distDir, pages } = build;
  const spaShell = pages.get('/__spa-fallback');
  const notFound = pages.get('/404');
  if (!spaShell || !notFound) throw new Error('The web build has no SPA fallback or /404 page.');

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
    const page = path === '/404' || path === '/__spa-fallback' ? undefined : pages.get(path);
    if (page) return sendPage(c, page, 200);
    if (isAppRoute(path)) return sendPage(c, spaShell, 200);
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
