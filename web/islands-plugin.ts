import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What the server build knows of the islands' script: its URL and the chunks it imports (decision 021). */
export type IslandsEntry = { module: string | null; imports: string[] };

const VIRTUAL_ID = 'virtual:islands-entry';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ENTRY = fileURLToPath(new URL('./src/islands/islands.client.tsx', import.meta.url));

/**
 * Builds `src/islands/islands.client.tsx` as one more entry of the browser build and tells the server
 * build its file name through `virtual:islands-entry`. React Router builds the browser first, then
 * the server, in one process, so the name is known when the server build asks. The dev server and
 * the browser build get `module: null`: there every page hydrates with React Router.
 */
export function islandsEntry(): Plugin {
  let built: IslandsEntry = { module: null, imports: [] };
  return {
    name: 'firstday:islands-entry',
    buildStart() {
      if (this.environment.name === 'client' && this.environment.mode === 'build')
        this.emitFile({ type: 'chunk', id: ENTRY, name: 'islands' });
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === ENTRY);
      if (chunk?.type !== 'chunk') throw new Error('The islands entry is missing from the browser build');
      const base = this.environment.config.base;
      built = { module: `${base}${chunk.fileName}`, imports: chunk.imports.map((file) => `${base}${file}`) };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      const value = this.environment.name === 'client' ? { module: null, imports: [] } : built;
      return `export default ${JSON.stringify(value)};`;
    },
  };
}
