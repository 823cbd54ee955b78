import type { PublicCalendar } from '@firstday/common/contributions';
import type { Locale } from '@firstday/common/locales';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { buildCalendarMeta } from './calendar-meta.ts';

const APP = 'https://firstday.test';

function translator(locale: Locale): Translate {
  const i18n = createServerI18n(locale);
  return (id, values) => i18n._(id, values);
}

function makeCalendar(overrides: Partial<PublicCalendar> = {}): PublicCalendar {
  return {
    slug: 'Ab3dEf9hIj',
    status: 'active',
    title: 'Baby Rose',
    parentNames: 'Anna',
    dueDate: '2026-12-20',
    background: 'pink',
    currency: 'usd',
    guessTime: false,
    guessWeight: false,
    coverImageId: '0a1b2c3d-0000-4000-8000-000000000000',
    coverImageSize: { width: 900, height: 1200 },
    parentsNote: null,
    window: { first: '2026-11-22', last: '2027-01-03' },
    guesses: [],
    participants: 3,
    wishes: { items: [], nextCursor: null },
    welcomeGifts: null,
    announcement: null,
    ...overrides,
  };
}

const announcement: NonNullable<PublicCalendar['announcement']> = {
  birthDate: '2026-12-18',
  message: 'Thank you!',
  closestGuesses: [],
  babyName: 'Mia',
  babyImageId: 'f9e8d7c6-0000-4000-8000-000000000000',
  birthTimeMinutes: null,
  birthWeightGrams: null,
  closestTimeGuesses: null,
  closestWeightGuesses: null,
};

/** The tags as name → content, the document title under 'title'. */
function readTags(calendar: PublicCalendar, locale: Locale = 'en'): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const tag of buildCalendarMeta(calendar, APP, translator(locale), locale)) {
    if ('title' in tag) tags.title = String(tag.title);
    const key = 'property' in tag ? tag.property : 'name' in tag ? tag.name : undefined;
    if (typeof key === 'string' && 'content' in tag) tags[key] = String(tag.content);
  }
  return tags;
}

describe('the guest page link preview', () => {
  it('before the birth: the calendar, its due date and the guessing game, with the cover photo', () => {
    const tags = readTags(makeCalendar());
    expect(tags.title).toBe('Baby Rose – Firstday');
    expect(tags['og:title']).toBe('Baby Rose');
    expect(tags['og:description']).toBe(
      "Guess the day Anna's baby arrives and leave a wish (due December 20, 2026). Just for fun: nobody wins money for a right guess.",
    );
    expect(tags['og:image']).toBe(`${APP}/api/public/calendars/Ab3dEf9hIj/og.png?photo=0a1b2c3d`);
  });

  it('after the announcement: the baby has arrived, the birth date, the baby’s photo', () => {
    const tags = readTags(makeCalendar({ status: 'announced', announcement }));
    expect(tags.title).toBe('Mia has arrived! – Baby Rose – Firstday');
    expect(tags['og:title']).toBe('Mia has arrived!');
    expect(tags['og:description']).toBe('Born on December 18, 2026. See the news, the closest guesses and every wish.');
    expect(tags.description).toBe(tags['og:description']);
    expect(tags['og:description']).not.toContain('Guess');
    expect(tags['og:description']).not.toContain('December 20');
    expect(tags['og:image']).toBe(`${APP}/api/public/calendars/Ab3dEf9hIj/og.png?born=f9e8d7c6`);
  });

  it('after an announcement without name or photo: the baby has arrived, a new image address all the same', () => {
    const tags = readTags(
      makeCalendar({ status: 'announced', announcement: { ...announcement, babyName: null, babyImageId: null } }),
    );
    expect(tags['og:title']).toBe('The baby has arrived!');
    expect(tags['og:image']).toBe(`${APP}/api/public/calendars/Ab3dEf9hIj/og.png?born=1`);
  });

  it('during the welcome gifts: invites a welcome gift until the window ends', () => {
    const tags = readTags(
      makeCalendar({ status: 'announced', announcement, welcomeGifts: { until: '2027-01-17T10:00:00.000Z' } }),
    );
    expect(tags['og:description']).toBe(
      'Born on December 18, 2026. See the news, and send Anna a welcome gift with a wish until January 17, 2027.',
    );
  });

  it('says the baby has arrived in German and Russian', () => {
    const calendar = makeCalendar({ status: 'announced', announcement });
    expect(readTags(calendar, 'de')['og:title']).toBe('Mia ist da!');
    expect(readTags(calendar, 'de')['og:description']).toMatch(/^Geboren am 18\. Dezember 2026\./);
    expect(readTags(calendar, 'ru')['og:title']).toBe('Mia уже с нами!');
    expect(readTags(calendar, 'ru')['og:description']).toMatch(/^Дата рождения: 18 декабря 2026/);
  });

  it('asks for the preview image in the page’s language', () => {
    expect(readTags(makeCalendar({ status: 'announced', announcement }), 'de')['og:image']).toBe(
      `${APP}/api/public/calendars/Ab3dEf9hIj/og.png?born=f9e8d7c6&lang=de`,
    );
    expect(readTags(makeCalendar({ coverImageId: null }), 'ru')['og:image']).toBe(
      `${APP}/api/public/calendars/Ab3dEf9hIj/og.png?lang=ru`,
    );
  });
});
