import { describe, expect, it } from 'vitest';
import { getDeferredScripts, hydrateAfterPaint, wantsHydrateAfterPaint } from './hydrate-after-paint.ts';

const document = [
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/framework-2.js" nonce="n0"/><link rel="stylesheet" href="/assets/style.css"/></head>',
  '<body><main>Guess the day</main><script nonce="n0">window.__reactRouterContext = {};</script>',
  '<script nonce="n0" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-3.js");</script>',
  '</body></html>',
].join('');

describe('hydrateAfterPaint', () => {
  const html = hydrateAfterPaint(document);

  it('drops the preload links and the bootstrap module from the first HTML', () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/style.css"/>');
    expect(html).toContain('<main>Guess the day</main>');
    expect(html).toContain('<script nonce="n0">window.__reactRouterContext = {};</script>');
  });

  it('hands the same preloads and module, as data, to a starter script with the nonce', () => {
    const starter = /<script nonce="n0">\((function[\s\S]*)\)\((\[.*?\]),(".*")\)<\/script>/.exec(html);
    expect(starter).not.toBeNull();
    expect(JSON.parse(starter?.[2] ?? '')).toEqual(['/assets/manifest-1.js', '/assets/framework-2.js']);
    expect(JSON.parse(starter?.[3] ?? '')).toBe(
      'import "/assets/manifest-1.js";\nimport("/assets/entry.client-3.js");',
    );
  });

  it('records taps from the start, before the scripts run (early-taps.ts)', () => {
    expect(html).toMatch(
      /<script nonce="n0">\(function captureEarlyTaps\(\) \{[\s\S]*\}\)\(\);\(function startScripts/,
    );
  });

  it('escapes what would change how the browser parses the inline script', () => {
    const tricky = document.replace('import("/assets/entry.client-3.js");', 'const marker = "<!--<script>";');
    const rewritten = hydrateAfterPaint(tricky);
    expect(rewritten).not.toContain('<!--');
    expect(rewritten).toContain('\\u003c!--\\u003cscript>');
  });

  it('leaves a document without a bootstrap module as it is', () => {
    const plain = '<html><body><p>Prerendered</p></body></html>';
    expect(hydrateAfterPaint(plain)).toBe(plain);
  });
});

describe('a document rendered without a nonce (cached by the server, decision 033)', () => {
  const plain = hydrateAfterPaint(document.replaceAll(' nonce="n0"', ''));

  it('gets a starter without a nonce', () => {
    expect(plain).not.toContain('nonce="');
    expect(plain).not.toContain('type="module"');
    expect(plain).toMatch(/<script>\(function captureEarlyTaps\(\) \{/);
  });

  it('names the module its starter inserts, so that the server can hash it', () => {
    expect(getDeferredScripts(plain)).toEqual([
      'import "/assets/manifest-1.js";\nimport("/assets/entry.client-3.js");',
    ]);
    expect(getDeferredScripts(hydrateAfterPaint(document))).toEqual(getDeferredScripts(plain));
    const tricky = hydrateAfterPaint(document.replace('import("/assets/entry.client-3.js");', 'const s = "<\\"/)";'));
    expect(getDeferredScripts(tricky)).toEqual(['import "/assets/manifest-1.js";\nconst s = "<\\"/)";']);
  });

  it('names nothing in a document that was not rewritten', () => {
    expect(getDeferredScripts('<html><body><script>window.x = 1;</script></body></html>')).toEqual([]);
  });
});

describe('wantsHydrateAfterPaint', () => {
  it('is true only when a matched route asks for it, and the deepest route that says decides', () => {
    expect(wantsHydrateAfterPaint([undefined, { hydrateAfterPaint: true }])).toBe(true);
    expect(wantsHydrateAfterPaint([undefined, { hydrateAfterPaint: true }, {}])).toBe(true);
    expect(wantsHydrateAfterPaint([undefined, {}, { other: 1 }])).toBe(false);
    expect(wantsHydrateAfterPaint([{ hydrateAfterPaint: true }, { hydrateAfterPaint: false }, {}])).toBe(false);
  });
});
