import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One formatting module (`format.ts`): a new `Intl` formatter or `toLocaleString` elsewhere would
// be a copy printing in one fixed locale. Tests may build their own expectations.
const ROOT = join(import.meta.dirname, '..', '..');
const SOURCES = ['common/src', 'server/src', 'web/src'];
const ALLOWED = new Set(['common/src/format.ts']);
const FORMATTING = /\bIntl\.(NumberFormat|DateTimeFormat)\b|\.toLocale(String|DateString|TimeString)\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('formatting', () => {
  it('happens only in common/src/format.ts', () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter(
      (file) => !ALLOWED.has(file) && FORMATTING.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
