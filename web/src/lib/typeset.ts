import type { Locale } from '@firstday/common/locales';

const NBSP = '\u00a0';

/**
 * Non-breaking spaces where German and Russian typesetting keeps words together, so long texts
 * (the articles) are written with plain spaces: a number stays with what follows it ('5 %',
 * '1.000 €', '18 лет', '17 500'), a dash never starts a line, and in Russian a one- or two-letter
 * word (в, и, на, не…) stays with the next one, a particle (же, ли, бы) with the one before.
 * English text is left as it is.
 */
export function typeset(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  let result = text.replace(/(\d) (?=\S)/g, `$1${NBSP}`).replace(/ ([–—]) /g, `${NBSP}$1 `);
  if (locale === 'ru') {
    result = result
      .replace(/ (же|ли|бы)(?=[\s.,;:!?»)]|$)/gu, `${NBSP}$1`)
      .replace(/(?<=^|[\s«(])(?!(?:же|ли|бы)\s)([а-яё]{1,2}) /giu, `$1${NBSP}`);
  }
  return result;
}
