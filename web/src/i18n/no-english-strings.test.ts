// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

/**
 * No user-facing English in components: every text a visitor reads or hears comes from a catalogue
 * (`t('…')` or `<T id="…" />`). Looks at JSX text and at the attributes screen readers and browsers
 * show. A literal that is the same in every language goes in ALLOWED.
 */
const SRC = join(import.meta.dirname, '..');
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label']);
/** Names and symbols that read the same in every language. */
const ALLOWED = new Set([
  'Firstday',
  'IBAN',
  'PDF',
  'CSV',
  'FAQ',
  'E-mail',
  '©',
  '·',
  '—',
  '•',
  '×',
  '%',
  '$',
  '€',
  '£',
]);

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

function hasWords(text: string): boolean {
  const trimmed = text.trim();
  return /\p{L}{2,}/u.test(trimmed) && !ALLOWED.has(trimmed);
}

type Node = { type: string; start: number; loc: { start: { line: number } }; [key: string]: unknown };

/** The literal text of an attribute's value: `"…"` or `{'…'}`; undefined for anything computed. */
function literalValue(value: Node | null): string | undefined {
  if (!value) return undefined;
  if (value.type === 'StringLiteral') return value.value as string;
  const expression = value.type === 'JSXExpressionContainer' ? (value.expression as Node) : undefined;
  if (expression?.type === 'StringLiteral') return expression.value as string;
  if (expression?.type === 'TemplateLiteral' && (expression.expressions as Node[]).length === 0)
    return (expression.quasis as Node[]).map((quasi) => (quasi.value as { cooked: string }).cooked).join('');
  return undefined;
}

/** The English texts of one file, as 'line: text'. */
export function findEnglishTexts(path: string): string[] {
  const ast = parse(readFileSync(path, 'utf8'), { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object' || !('type' in node)) return;
    const current = node as Node;
    if (current.type === 'JSXText' && hasWords(current.value as string))
      found.push(`${current.loc.start.line}: ${(current.value as string).trim()}`);
    if (current.type === 'JSXAttribute') {
      const name = (current.name as Node).name as string;
      const text = SHOWN_ATTRIBUTES.has(name) ? literalValue(current.value as Node | null) : undefined;
      if (text && hasWords(text)) found.push(`${current.loc.start.line}: ${name}="${text}"`);
    }
    for (const [key, child] of Object.entries(current)) if (key !== 'loc' && typeof child === 'object') visit(child);
  };
  visit(ast.program);
  return found;
}

const files = componentFiles(SRC).map((path) => relative(SRC, path));

describe('components show no English of their own', () => {
  it.each(files)('%s', (file) => {
    expect(findEnglishTexts(join(SRC, file))).toEqual([]);
  });
});
