import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, type SourceCatalogue } from './catalogues.ts';
import { DEFAULT_LOCALE, LOCALES } from './locales.ts';

const ROOT = join(import.meta.dirname, '../..');
// Every place that keeps catalogues: the web app's and the server's (e-mails, keepsake book).
const CATALOGUE_DIRS = ['web/locales', 'server/locales'];

function read(dir: string, locale: string, file: string): SourceCatalogue {
  return JSON.parse(readFileSync(join(ROOT, dir, locale, file), 'utf8'));
}

/** The names a text uses: `{count}`, `{count, plural, …}` and numbered tags `<0>`. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => `{${match[1]}}`);
  const tags = [...text.matchAll(/<(\d+)>/g)].map((match) => `<${match[1]}>`);
  return [...new Set([...names, ...tags])].sort();
}

for (const dir of CATALOGUE_DIRS) {
  const files = readdirSync(join(ROOT, dir, DEFAULT_LOCALE)).filter((file) => file.endsWith('.json'));

  describe(`${dir}`, () => {
    it.each(files)('%s: English keys are named after their file', (file) => {
      const namespace = file.replace(/\.json$/, '');
      const foreign = Object.keys(read(dir, DEFAULT_LOCALE, file)).filter((key) => !key.startsWith(`${namespace}.`));
      expect(foreign).toEqual([]);
    });

    for (const locale of LOCALES.filter((other) => other !== DEFAULT_LOCALE)) {
      it.each(files)(`%s: ${locale} has every key English has, and no other`, (file) => {
        const english = read(dir, DEFAULT_LOCALE, file);
        const translated = read(dir, locale, file);
        expect(Object.keys(english).filter((key) => !(key in translated))).toEqual([]);
        expect(Object.keys(translated).filter((key) => !(key in english))).toEqual([]);
      });

      it.each(files)(`%s: ${locale} texts use the same placeholders and tags as English`, (file) => {
        const english = read(dir, DEFAULT_LOCALE, file);
        const translated = read(dir, locale, file);
        const mismatches = Object.keys(english)
          .filter((key) => key in translated)
          .filter((key) => placeholders(english[key] ?? '').join() !== placeholders(translated[key] ?? '').join());
        expect(mismatches).toEqual([]);
      });
    }

    it.each(LOCALES)('every %s text is valid ICU MessageFormat', (locale) => {
      for (const file of files) expect(() => compileCatalogue(read(dir, locale, file))).not.toThrow();
    });
  });
}
