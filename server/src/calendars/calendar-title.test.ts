import { describe, expect, it } from 'vitest';
import { getAutomaticTitle, getCalendarTitle, toStoredTitle } from './calendar-title.ts';

describe('automatic calendar titles', () => {
  it('are worded in the reader’s language', () => {
    expect(getAutomaticTitle('Anna', 'en')).toBe("Anna's calendar");
    expect(getAutomaticTitle('Anna', 'de')).toBe('Annas Kalender');
    expect(getAutomaticTitle('Анна', 'ru')).toBe('Анна ждёт малыша');
  });

  it('follow German genitive rules: an apostrophe after s, ß, x, z and ce', () => {
    expect(['Thomas', 'Max', 'Moritz', 'Alice', 'Franz', 'Lena'].map((name) => getAutomaticTitle(name, 'de'))).toEqual([
      'Thomas’ Kalender',
      'Max’ Kalender',
      'Moritz’ Kalender',
      'Alice’ Kalender',
      'Franz’ Kalender',
      'Lenas Kalender',
    ]);
  });

  it('take a plural verb in Russian for two parents', () => {
    expect(getAutomaticTitle('Ольга и Дима', 'ru')).toBe('Ольга и Дима ждут малыша');
    expect(getAutomaticTitle('Olga & Dima', 'ru')).toBe('Olga & Dima ждут малыша');
    expect(getAutomaticTitle('Olga & Dima', 'de')).toBe('Olga & Dimas Kalender');
  });

  it('give way to a name of the owner’s own', () => {
    expect(getCalendarTitle({ title: 'Unser Wunder', firstName: 'Anna' }, 'ru')).toBe('Unser Wunder');
    expect(getCalendarTitle({ title: null, firstName: 'Anna' }, 'de')).toBe('Annas Kalender');
  });

  it('are stored as none when a form sends one back, in any language', () => {
    expect(toStoredTitle('Annas Kalender', ['Anna'])).toBeNull();
    expect(toStoredTitle('Anna ждёт малыша', ['Lena', 'Anna'])).toBeNull();
    expect(toStoredTitle("Anna's calendar", ['Lena'])).toBe("Anna's calendar");
    expect(toStoredTitle('Our little wonder', ['Anna'])).toBe('Our little wonder');
  });
});
