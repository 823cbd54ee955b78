// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, translateFieldMessage } from '../calendars/field-messages.ts';
import { FORM_MESSAGES, translateFormMessage } from '../contributions/form-messages.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { getKeyBySchemaText, translateValidation } from './validation-messages.ts';

/**
 * The shared schemas of `common` word their issues in English, and the web finds each one's
 * catalogue key by its sentence (validation-messages.ts, calendars/field-messages.ts,
 * contributions/form-messages.ts). So every sentence common can write needs an entry there:
 * rewording one in common fails here instead of silently showing English in German and Russian.
 */
const COMMON_SRC = join(import.meta.dirname, '../../../common/src');
// biome-ignore lint/suspicious/noTemplateCurlyInString: a template's hole as the scanner writes it, not a template.
const HOLE = '${}';
/** Files of common whose sentences are for engineers and reviewers, never shown in a form. */
const NO_FORM_TEXTS = new Set(['retention-schedule.ts']);

/** Every string and template literal of common that reads as a sentence for a person. */
function findCommonSentences(): string[] {
  const sentences = new Set<string>();
  for (const file of readdirSync(COMMON_SRC).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !NO_FORM_TEXTS.has(name),
  )) {
    const add = (text: string) => {
      if (/^[A-Z]\S* .*$/.test(text) && (/[.!?]$/.test(text) || text.startsWith('Please '))) sentences.add(text);
    };
    const ast = parse(readFileSync(join(COMMON_SRC, file), 'utf8'), { sourceType: 'module', plugins: ['typescript'] });
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const child of node) visit(child);
        return;
      }
      const { type } = node as { type?: unknown };
      if (type === 'StringLiteral') add((node as { value: string }).value);
      if (type === 'TemplateLiteral') {
        add((node as { quasis: { value: { cooked: string } }[] }).quasis.map((quasi) => quasi.value.cooked).join(HOLE));
      }
      for (const [key, child] of Object.entries(node)) if (key !== 'loc' && !key.endsWith('Comments')) visit(child);
    };
    visit(ast.program);
  }
  return [...sentences].sort();
}

/** A template with `${}` holes as a pattern for the sentences it makes. */
function toPattern(template: string): RegExp {
  const parts = template.split(HOLE).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/**
 * Templates no table lists because a pattern translates them (form-messages.ts's weight ranges),
 * each with sentences it makes.
 */
const TRANSLATED_BY_PATTERN: Record<string, string[]> = {
  'Please enter a ${} between ${} and ${} grams.': ['Please enter a weight between 300 and 7,000 grams.'],
  'Please enter a ${} between ${}.': ['Please enter a weight between 0 lb 11 oz and 15 lb 7 oz.'],
  // text.ts: a forbidden character in a field, or in a field's name (validation-messages.ts).
  'This contains a character we cannot accept (${}, ${}). Please remove it.': [
    'This contains a character we cannot accept (U+0000, an invisible control character). Please remove it.',
    'This contains a character we cannot accept (U+202E, a control that reverses the direction of text). Please remove it.',
  ],
  'A field name contains a character we cannot accept (${}, ${}).': [
    'A field name contains a character we cannot accept (U+FFFE, a code point that is not a character).',
  ],
};

/**
 * Sentences of common with no translation yet (issue 23): shown in English in every language.
 * Only ever shorter: give one a catalogue key in a table above and delete it here.
 */
const NOT_TRANSLATED_YET = new Set<string>([]);

const markKey: Translate = (id) => `<${id}>`;

function isTranslated(sentence: string): boolean {
  return [translateValidation, translateFieldMessage, translateFormMessage].some(
    (translate) => translate(sentence, markKey) !== sentence,
  );
}

const TABLE_SENTENCES = [
  ...Object.keys(getKeyBySchemaText()),
  ...Object.keys(FIELD_MESSAGES),
  ...Object.keys(FORM_MESSAGES),
];

describe("common's validation sentences", () => {
  const sentences = findCommonSentences();

  it('are found in common', () => {
    expect(sentences.length).toBeGreaterThan(50);
    expect(sentences).toContain('Please enter your name.');
  });

  it('each have a translation in the web', () => {
    const missing = sentences.filter((sentence) => {
      if (NOT_TRANSLATED_YET.has(sentence)) return false;
      if (!sentence.includes(HOLE)) return !isTranslated(sentence);
      const samples = TRANSLATED_BY_PATTERN[sentence];
      if (samples) return !samples.every((sample) => toPattern(sentence).test(sample) && isTranslated(sample));
      return !TABLE_SENTENCES.some((known) => toPattern(sentence).test(known));
    });
    expect(missing).toEqual([]);
  });

  it('lists no sentence common no longer writes', () => {
    const stale = [...Object.keys(TRANSLATED_BY_PATTERN), ...NOT_TRANSLATED_YET].filter(
      (sentence) => !sentences.includes(sentence),
    );
    expect(stale).toEqual([]);
  });
});
