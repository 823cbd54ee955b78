import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getInlineScriptHashes } from './web-static.ts';

const sha = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`;

describe('getInlineScriptHashes', () => {
  it('hashes inline scripts and skips external and empty ones', () => {
    const html = `<script>a()</script><script type="module" async="">import "/x.js";</script>
      <script src="/assets/app.js"></script><script></script>`;
    expect(getInlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/x.js";')]);
  });
});
