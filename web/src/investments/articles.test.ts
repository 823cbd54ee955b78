import { LOCALES } from '@firstday/common/locales';
import { describe, expect, it } from 'vitest';
import { ARTICLE_SLUGS, countWords, findArticle, loadArticles } from './articles.ts';

const english = await loadArticles('en');

describe('the articles', () => {
  it('has at least nine articles, newest first, with the teaser dates on top', () => {
    expect(english.length).toBeGreaterThanOrEqual(9);
    const dates = english.map((article) => article.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.slice(0, 3)).toEqual(['2025-12-13', '2025-12-12', '2025-12-10']);
    for (const date of dates.slice(3)) expect(date < '2025-12-10' && date >= '2025-01-01').toBe(true);
  });

  it('uses unique, URL-safe slugs and images named after them', () => {
    expect(new Set(ARTICLE_SLUGS).size).toBe(ARTICLE_SLUGS.length);
    for (const article of english) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.image.src).toBe(`/images/articles/${article.slug}.svg`);
      expect(article.image.alt).not.toBe('');
    }
  });

  it('keeps every English article between 350 and 600 words', () => {
    for (const article of english) {
      const words = countWords(article);
      expect(words, article.slug).toBeGreaterThanOrEqual(350);
      expect(words, article.slug).toBeLessThanOrEqual(600);
    }
  });

  it('finds an article by slug', () => {
    expect(findArticle(english, 'starting-early')?.title).toMatch(/Starting Early/);
    expect(findArticle(english, 'nope')).toBeUndefined();
    expect(findArticle(english, undefined)).toBeUndefined();
  });
});

describe.each(LOCALES.filter((locale) => locale !== 'en'))('the articles in %s', async (locale) => {
  const translated = await loadArticles(locale);
  const pairs = translated.map((article, index) => ({ article, original: english[index]! }));

  it('are the English articles: same slugs, order, dates and images, paragraph for paragraph', () => {
    expect(translated.map((article) => article.slug)).toEqual(ARTICLE_SLUGS);
    for (const { article, original } of pairs) {
      expect(article.publishedOn, article.slug).toBe(original.publishedOn);
      expect(article.image.src, article.slug).toBe(original.image.src);
      expect(article.body.length, article.slug).toBe(original.body.length);
      // A translation close to the original's length; a paragraph left out or doubled would not be.
      const ratio = countWords(article) / countWords(original);
      expect(ratio, article.slug).toBeGreaterThan(0.7);
      expect(ratio, article.slug).toBeLessThan(1.3);
    }
  });

  it('leave no English behind', () => {
    for (const { article, original } of pairs) {
      const texts = [article.title, article.summary, article.image.alt, ...article.body];
      const originals = new Set([original.title, original.summary, original.image.alt, ...original.body]);
      for (const text of texts) {
        expect(text.trim(), article.slug).not.toBe('');
        expect(originals.has(text), `${article.slug}: ${text}`).toBe(false);
        // Common English words that neither language uses.
        expect(text, article.slug).not.toMatch(/\b(the|and|with|your|money|children)\b/i);
      }
    }
  });

  it('quote and set amounts as the language does', () => {
    const all = translated.flatMap((article) => [article.title, article.summary, ...article.body]).join('\n');
    const [open, close, foreign] = locale === 'de' ? ['„', '“', /["”«»$]/] : ['«', '»', /["“”„$]/];
    expect(all).not.toMatch(foreign);
    expect(all.split(open).length, 'opening and closing quotes').toBe(all.split(close).length);
    // Set by typeset(): a number is never parted from its unit.
    expect(all).not.toMatch(/\d [%€]|\d евро/);
  });
});
