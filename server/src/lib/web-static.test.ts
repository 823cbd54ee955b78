import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPageCsp, getThirdPartySources } from './security-headers.ts';
import { getHashedPageCsp, getInlineScriptHashes } from './web-static.ts';

const sha = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`;

describe('getInlineScriptHashes', () => {
  it('hashes inline scripts and skips external and empty ones and data blocks', () => {
    const html = `<script>a()</script><script type="module" async="">import "/x.js";</script>
      <script src="/assets/app.js"></script><script></script><script id="i18n-catalogues" type="application/json">{}</script>`;
    expect(getInlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/x.js";')]);
  });
});

describe('getHashedPageCsp', () => {
  it('allows the inline scripts and the module inserted after the first paint by their hashes, nothing else', () => {
    // A prerendered page whose scripts start after paint (decision 036): the starter is inline, the
    // module it inserts is not in the HTML as a script of its own.
    const html = '<script>starter()</script><script type="application/json">{}</script>';
    const csp = getHashedPageCsp(html, () => ['import "/assets/entry.js";']);
    expect(csp).toContain(`script-src 'self' '${sha('starter()')}' '${sha('import "/assets/entry.js";')}';`);
    expect(getHashedPageCsp(html, () => [])).toContain(`script-src 'self' '${sha('starter()')}';`);
  });
});

describe('buildPageCsp', () => {
  it('keeps scripts strict and adds third parties only when switched on', () => {
    const plain = buildPageCsp(['sha256-abc']);
    expect(plain).toContain("script-src 'self' 'sha256-abc'");
    expect(plain).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(plain).toContain("frame-ancestors 'none'");
    const withStripe = buildPageCsp([], getThirdPartySources({ stripe: true, captcha: 'altcha' }));
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
    expect(withStripe).toContain("connect-src 'self' https://api.stripe.com");
  });
});
