// Server-side rewrite of a rendered document so that its scripts start after the first paint
// (decision 012). React Router's `<Scripts>` writes a modulepreload link per script and one inline
// module that imports them; on a slow phone those ~130 KB share the link with the stylesheet the
// first paint waits for. For a page whose first HTML is already complete (the guest page), the
// rewrite drops the preload links and wraps the module in a small classic script that adds the
// same preloads and module once the page has painted: the content shows sooner, the scripts then
// load in parallel as before (no import waterfall), and hydration follows. A tap made before then is
// recorded by the same script and replayed once the page runs (lib/early-taps.ts).

import { captureEarlyTaps } from './lib/early-taps.ts';
import { scriptJson } from './lib/script-json.ts';

/**
 * A route module opts in with `export const handle = { hydrateAfterPaint: true }`, and a nested
 * route whose first HTML is only a placeholder opts out again with `false`: the deepest matched
 * route that says decides.
 */
export type HydrateAfterPaintHandle = { hydrateAfterPaint?: boolean };

export function wantsHydrateAfterPaint(handles: unknown[]): boolean {
  const choices = handles.map((handle) => (handle as HydrateAfterPaintHandle | undefined)?.hydrateAfterPaint);
  return choices.findLast((choice) => choice !== undefined) === true;
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const BOOTSTRAP_MODULE = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/;
// The end of the starter below: its call's two arguments, the preloads and the module as JSON.
const STARTER_ARGUMENTS = /\)\((\[[^\]]*\]),("(?:[^"\\]|\\.)*")\)<\/script>/;

/**
 * Runs in the browser. Once the browser reports the first contentful paint of the server's HTML
 * and has drawn one more frame (at once in a hidden tab, which paints nothing), adds the preloads
 * and the bootstrap module with this script's nonce.
 */
function startScripts(preloads: string[], bootstrap: string) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  // The preloads a few milliseconds at a time, then the module: adding two dozen at once is one
  // task long enough to count as blocking on a slow phone (decision 036), and so were six per task
  // on the signed-in pages' 40 (each request costs the main thread up to a millisecond). The task
  // runs a few milliseconds past its budget: 4 keeps it under 50 ms on a 4× slower CPU (decision 037).
  const pending = [...preloads];
  const start = () => {
    const began = performance.now();
    while (pending.length > 0 && performance.now() - began < 4) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = pending.shift() as string;
      document.head.append(link);
    }
    if (pending.length > 0) {
      setTimeout(start);
      return;
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = bootstrap;
    document.body.append(script);
  };
  // After the frame that follows: the first paint can come while the parser is still on the page
  // (a long page is parsed in slices), and this script runs at its end, so the next frame is the
  // one that shows all of it. Requested before that frame, the scripts would count towards its
  // largest paint (Lighthouse's simulation, decision 036).
  const startAfterNextFrame = () => requestAnimationFrame(() => setTimeout(start));
  if (document.visibilityState === 'hidden') start();
  else if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      startAfterNextFrame();
    }).observe({ type: 'paint', buffered: true });
  else startAfterNextFrame();
}

/**
 * Returns the document with its scripts started after the first paint and taps recorded until then;
 * unchanged if it has no bootstrap module.
 */
export function hydrateAfterPaint(html: string): string {
  const bootstrap = BOOTSTRAP_MODULE.exec(html);
  if (!bootstrap) return html;
  const [tag, nonce, source] = bootstrap;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // Without a nonce (a page the server caches, decision 033) its scripts are allowed by their hashes.
  const starter = `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>(${captureEarlyTaps.toString()})();(${startScripts.toString()})(${scriptJson(preloads)},${scriptJson(source)})</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(tag, () => starter);
}

/**
 * The text of the module a rewritten document's starter inserts once painted (none if it was not
 * rewritten). A page served without a nonce allows its scripts by their CSP hashes: the server
 * hashes this one with the inline scripts it can see (docs/decisions/033-guest-page-html-cache.md).
 */
export function getDeferredScripts(html: string): string[] {
  const starter = STARTER_ARGUMENTS.exec(html);
  return starter?.[2] ? [JSON.parse(starter[2]) as string] : [];
}
