import { PassThrough } from 'node:stream';
import islandsEntry from 'virtual:islands-entry';
import { I18nProvider } from '@lingui/react';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { hydrateAfterPaint, wantsHydrateAfterPaint } from './hydrate-after-paint.ts';
import { createServerI18n, pageCatalogues } from './i18n/catalogues.server.ts';
import { InlineCataloguesContext } from './i18n/inline-catalogues.tsx';
import { namespacesOf } from './i18n/namespaces.ts';
import { requestLocale } from './i18n/request-locale.ts';
import { type IslandRenderer, IslandRendererContext, isIslandPage } from './islands/island.tsx';
import { nonceContext } from './page-context.ts';

// What the API server uses from this build (server/src/lib/web-static.ts): React Router's request
// handler from the very package instance the routes run on, each request's load context, and the
// scripts a page inserts after its first paint (hashed into the CSP of a cached page, decision 033).
export { createRequestHandler } from 'react-router';
export { getDeferredScripts } from './hydrate-after-paint.ts';
export { createPageContext } from './page-context.ts';

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the CSP nonce: every inline script React Router writes
 * (context, route modules, scroll restoration) carries this response's nonce. A page whose route
 * asks for it (`handle.hydrateAfterPaint`) is rendered whole and its scripts start after the first
 * paint (hydrate-after-paint.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const handles = routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    );
    const afterPaint = wantsHydrateAfterPaint(handles);
    const locale = requestLocale(request, handles);
    const i18n = createServerI18n(locale);
    const catalogues = pageCatalogues(locale, namespacesOf(handles));
    // A page of islands (decision 021) renders each island as a root of its own, for the browser to hydrate.
    const renderIsland: IslandRenderer | null =
      islandsEntry.module && isIslandPage(handles)
        ? (element, identifierPrefix) => renderToString(element, { identifierPrefix })
        : null;
    // Crawlers (and link previews) get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || afterPaint ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider i18n={i18n}>
        <InlineCataloguesContext.Provider value={catalogues}>
          <IslandRendererContext value={renderIsland}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </IslandRendererContext>
        </InlineCataloguesContext.Provider>
      </I18nProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          const stream = createReadableStreamFromReadable(body);
          if (!afterPaint) resolve(new Response(stream, { headers: responseHeaders, status }));
          else
            new Response(stream)
              .text()
              .then((html) => resolve(new Response(hydrateAfterPaint(html), { headers: responseHeaders, status })))
              .catch(reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
