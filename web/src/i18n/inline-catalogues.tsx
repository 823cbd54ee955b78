import type { Messages } from '@lingui/core';
import { createContext, useContext } from 'react';
import { scriptJson } from '../lib/script-json.ts';

/**
 * The page's catalogues travel inside its HTML, as a JSON data block (not a script that runs, so no
 * CSP nonce), and the browser hydrates without another request: decision 020.
 */
export const INLINE_CATALOGUES_ID = 'i18n-catalogues';

/** Set by entry.server.tsx for the request: the messages of the page's language and namespaces. */
export const InlineCataloguesContext = createContext<Messages | null>(null);

/** What the server wrote, read once in the browser before hydrating (entry.client.tsx). */
let inlineText: string | null = null;

export function readInlineCatalogues(): Messages | null {
  inlineText ??= document.getElementById(INLINE_CATALOGUES_ID)?.textContent ?? null;
  return inlineText ? (JSON.parse(inlineText) as Messages) : null;
}

/**
 * The data block in <body>. The browser renders back the text it was given, so hydration matches;
 * after a navigation the block stays as it was (later pages load their catalogues as chunks).
 */
export function InlineCatalogues() {
  const serverMessages = useContext(InlineCataloguesContext);
  const text =
    typeof document === 'undefined'
      ? scriptJson(serverMessages ?? {})
      : (inlineText ?? document.getElementById(INLINE_CATALOGUES_ID)?.textContent ?? '{}');
  return (
    <script
      id={INLINE_CATALOGUES_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own catalogues, '<' escaped.
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
