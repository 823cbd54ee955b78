// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CALQUES, GLOSSARY, type GlossaryLocale, toAvoidPattern } from '@firstday/common/glossary';
import { describe, expect, it } from 'vitest';

/**
 * Pages and e-mails speak with one glossary (common/src/glossary.ts): every catalogue the pages
 * use (web/locales) and every server text (server/locales: the e-mails, the keepsake book, the
 * share image, a calendar's automatic name; their code holds no German or Russian of its own).
 */
const ROOT = join(import.meta.dirname, '../../..');

type Text = { file: string; key: string; text: string };

/** The informal 'you' (the German payout texts said 'du' on pages that otherwise say 'Sie'). */
const INFORMAL_YOU: Record<GlossaryLocale, RegExp> = {
  de: /(?<!\p{L})(du|dich|dir|dein\p{L}*|euch|euer|eure[mnrs]?)(?!\p{L})/iu,
  ru: /(?<!\p{L})(ты|тебя|тебе|тобой|тво(?:й|я|ё|е|и|его|ей|их|им|ими|ю|ём|ем))(?!\p{L})/iu,
};

function catalogueTexts(locale: GlossaryLocale): Text[] {
  return ['web/locales', 'server/locales'].flatMap((dir) => {
    const localeDir = join(ROOT, dir, locale);
    return readdirSync(localeDir)
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) => {
        const file = join(localeDir, name);
        const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        // A placeholder ('{email}') is no word of the text.
        return Object.entries(messages).map(([key, text]) => ({
          file: relative(ROOT, file),
          key,
          text: text.replace(/\{\w+\}/g, '…'),
        }));
      });
  });
}

describe.each(['de', 'ru'] as const)('the %s glossary', (locale) => {
  const texts = catalogueTexts(locale);

  it('speaks to the reader as Sie / вы everywhere; only the keepsake book speaks to the child (du / ты)', () => {
    const found = texts
      .filter(({ key }) => !key.startsWith('keepsake.'))
      .flatMap(({ file, key, text }) => {
        const match = text.match(INFORMAL_YOU[locale]);
        return match ? [`${file} ${key}: '${match[0]}'`] : [];
      });
    expect(found).toEqual([]);
  });

  it('is the only word for each thing in pages and e-mails', () => {
    const found: string[] = [];
    for (const { term, use, avoid, except = [] } of GLOSSARY[locale]) {
      for (const entry of avoid) {
        const pattern = toAvoidPattern(entry);
        for (const { file, key, text } of texts) {
          const match = text.match(pattern);
          if (match && !except.includes(key)) {
            found.push(`${file} ${key}: '${match[0]}' — the glossary's word for '${term}' is '${use}'`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('has none of the phrases that read as translated', () => {
    const found: string[] = [];
    for (const { phrase, why } of CALQUES[locale]) {
      const pattern = toAvoidPattern(phrase);
      for (const { file, key, text } of texts) {
        const match = text.match(pattern);
        if (match) found.push(`${file} ${key}: '${match[0]}' — ${why}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('glossary entries', () => {
  it('match whole words, any ending after *, the first letter in either case', () => {
    expect(toAvoidPattern('Andenken*').test('ein kleines Andenkens.')).toBe(true);
    expect(toAvoidPattern('Andenken*').test('Erinnerungsandenken')).toBe(false);
    expect(toAvoidPattern('E-mail*').test('Ihre E-Mail-Adresse')).toBe(false);
    expect(toAvoidPattern('E-mail*').test('per e-mail')).toBe(true);
    expect(toAvoidPattern('вклад').test('на вкладке')).toBe(false);
    expect(toAvoidPattern('прогноз*').test('Прогнозы гостей')).toBe(true);
    expect(toAvoidPattern('срок* родов').test('календарь срока родов')).toBe(true);
  });
});
