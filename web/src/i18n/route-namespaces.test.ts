// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_NAMESPACES, NAMESPACES } from './namespaces.ts';

/**
 * A page shows only the catalogues its routes name (`handle.catalogues`, plus `common`): a text of
 * another namespace would show as its bare key. For each route module this follows the imports
 * (static and lazy) of everything it renders and checks that every key it finds is loaded there.
 */
const SRC = join(import.meta.dirname, '..');
const KEY = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*)['"\`]`, 'g');
const IMPORT = /(?:^import\s+(?!type\b)[^;]*?from\s+|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function modulesOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(dirname(entry), match[1]!);
    if (/\.(tsx?)$/.test(target) && existsSync(target) && !/\.test\.tsx?$/.test(target)) modulesOf(target, seen);
  }
  return seen;
}

function keysOf(files: Iterable<string>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of files)
    for (const match of readFileSync(file, 'utf8').matchAll(KEY)) keys.set(match[1]!, relative(SRC, file));
  return keys;
}

/** The text of routes.ts inside each layout that loads APP_NAMESPACES: from `layout('…', [` to its `]`. */
function appNamespaceLayoutBlocks(routes: string): string[] {
  return [...routes.matchAll(/layout\('([\w/-]+\.tsx)', \[/g)]
    .filter((match) => readFileSync(join(SRC, match[1]!), 'utf8').includes('APP_NAMESPACES'))
    .map((match) => {
      let depth = 0;
      for (let at = match.index + match[0].length - 1; at < routes.length; at++) {
        if (routes[at] === '[') depth++;
        if (routes[at] === ']' && --depth === 0) return routes.slice(match.index, at);
      }
      throw new Error(`routes.ts: layout('${match[1]}') is not closed`);
    });
}

/** Each route module with the namespaces its page loads, read from routes.ts and the module's handle. */
function routePages(): { file: string; namespaces: Set<string> }[] {
  const routes = readFileSync(join(SRC, 'routes.ts'), 'utf8');
  const appLayouts = appNamespaceLayoutBlocks(routes);
  const files = [...new Set([...routes.matchAll(/'([\w/-]+\.tsx)'/g)].map((match) => match[1]!))];
  return files.map((file) => {
    const source = readFileSync(join(SRC, file), 'utf8');
    const own = source.match(/catalogues:\s*\[([^\]]*)\]/)?.[1] ?? '';
    const namespaces = new Set(['common', ...[...own.matchAll(/'([\w-]+)'/g)].map((match) => match[1]!)]);
    const underAppLayout = appLayouts.some((block) => block.includes(`'${file}'`));
    if (underAppLayout || source.includes('APP_NAMESPACES')) for (const name of APP_NAMESPACES) namespaces.add(name);
    return { file, namespaces };
  });
}

describe('every text a page shows is in a catalogue the page loads', () => {
  it.each(routePages())('$file', ({ file, namespaces }) => {
    const unloaded = [...keysOf(modulesOf(join(SRC, file)))]
      .filter(([key]) => !namespaces.has(key.split('.')[0]!))
      .map(([key, where]) => `${key} (${where})`);
    expect(unloaded).toEqual([]);
  });

  it('root.tsx uses only common', () => {
    const keys = [...keysOf([join(SRC, 'root.tsx')]).keys()];
    expect(keys.filter((key) => !key.startsWith('common.'))).toEqual([]);
  });
});
