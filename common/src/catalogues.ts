import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * A message catalogue as translators write it: one flat JSON object per language and area
 * (`web/locales/de/site.json`), keys to ICU MessageFormat texts ('{count, plural, one {# guess}
 * other {# guesses}}'). English is the source: every key it has, the others must have too
 * (catalogues.test.ts).
 */
export type SourceCatalogue = Record<string, string>;

/**
 * What the Lingui runtime reads: each text parsed ahead of time (at build time for the browser,
 * at start-up on the server), so no ICU parser ships to the browser. Still plain JSON.
 */
export type CompiledCatalogue = Record<string, ReturnType<typeof compileMessage>>;

export function compileCatalogue(source: SourceCatalogue): CompiledCatalogue {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [key, compileMessage(text)]));
}
