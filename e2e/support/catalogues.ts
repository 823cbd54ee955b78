import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The texts of a language as the catalogues hold them (web/locales, server/locales), so a journey in
 * German or Russian finds its buttons by what a German or Russian reader sees.
 */
type Locale = 'en' | 'de' | 'ru';

const ROOT = join(import.meta.dirname, '../..');
const cache = new Map<Locale, Record<string, string>>();

function catalogue(locale: Locale): Record<string, string> {
  let messages = cache.get(locale);
  if (!messages) {
    messages = {};
    for (const dir of ['web/locales', 'server/locales']) {
      const folder = join(ROOT, dir, locale);
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')))
        Object.assign(messages, JSON.parse(readFileSync(join(folder, file), 'utf8')));
    }
    cache.set(locale, messages);
  }
  return messages;
}

/** A text of `locale` with its simple `{name}` placeholders filled (no plurals). */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const message = catalogue(locale)[key];
  if (message === undefined) throw new Error(`no text ${key} in ${locale}`);
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}

/** A text of `locale` as a pattern whose placeholders match anything: for subjects with names and amounts in them. */
export function textPattern(locale: Locale, key: string): RegExp {
  const parts = text(locale, key).split(/\{\w+\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
}
