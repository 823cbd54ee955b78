import type { PublicCalendar } from '@firstday/common/contributions';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import {
  composeInvitation,
  getBirthNews,
  getEmailUrl,
  getGuestInvitation,
  getMessengerAppUrl,
  getNewsInvitation,
  getShareSubject,
  getSmsUrl,
  getWhatsAppUrl,
  isMobileDevice,
} from './share-links.ts';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);

const URL_ = 'https://firstday.app/c/Ab3dEf9hIj';

describe('the invitation', () => {
  it('ends with the link, whatever the person wrote', () => {
    expect(composeInvitation('  Come and guess!  ', URL_)).toBe(`Come and guess!\n${URL_}`);
    expect(composeInvitation('', URL_)).toBe(URL_);
    expect(composeInvitation(`Here: ${URL_} – guess!`, URL_)).toBe(`Here: ${URL_} – guess!`);
  });

  it('names the calendar for guests', () => {
    expect(getGuestInvitation('Baby Rose', t)).toContain('“Baby Rose”');
  });

  it('passes on the news after the birth, with the baby’s name when given', () => {
    expect(getNewsInvitation('Baby Rose', { babyName: 'Mia', welcomeGiftsUntil: null }, t)).toBe(
      'Baby Mia is here! See the news, the closest guesses and every wish on “Baby Rose”.',
    );
    expect(getNewsInvitation('Baby Rose', { babyName: null, welcomeGiftsUntil: null }, t)).toMatch(
      /^The baby is here! See the news/,
    );
  });

  it('invites welcome gifts instead of guesses while the parents take them', () => {
    const text = getNewsInvitation('Baby Rose', { babyName: 'Mia', welcomeGiftsUntil: 'January 14, 2027' }, t);
    expect(text).toBe(
      'Baby Mia is here! See the news on “Baby Rose” and send a welcome gift with your wish until January 14, 2027.',
    );
    expect(text).not.toMatch(/guess/i);
  });

  it('has a subject about the guessing before the birth and about the baby after it', () => {
    expect(getShareSubject('Baby Rose', null, t)).toBe('Guess the day: Baby Rose');
    expect(getShareSubject('Baby Rose', { babyName: 'Mia', welcomeGiftsUntil: null }, t)).toBe(
      'Baby Mia is here: Baby Rose',
    );
  });

  it('takes the news from the calendar: none before the birth, the welcome gifts’ end in the reader’s language', () => {
    const announcement = {
      birthDate: '2026-12-18',
      message: 'Thanks!',
      closestGuesses: [],
      babyName: 'Mia',
      babyImageId: null,
      birthTimeMinutes: null,
      birthWeightGrams: null,
      closestTimeGuesses: null,
      closestWeightGuesses: null,
    };
    const calendar = { announcement: null, welcomeGifts: null } as unknown as PublicCalendar;
    expect(getBirthNews(calendar, 'en')).toBeNull();
    expect(getBirthNews({ ...calendar, announcement }, 'en')).toEqual({ babyName: 'Mia', welcomeGiftsUntil: null });
    expect(
      getBirthNews({ ...calendar, announcement, welcomeGifts: { until: '2027-01-17T10:00:00.000Z' } }, 'de'),
    ).toEqual({ babyName: 'Mia', welcomeGiftsUntil: '17. Januar 2027' });
  });

  it('is about the baby in German and Russian too', () => {
    const de = createServerI18n('de');
    const ru = createServerI18n('ru');
    const news = { babyName: 'Mia', welcomeGiftsUntil: null };
    expect(getNewsInvitation('Baby Rose', news, (id, values) => de._(id, values))).toMatch(/^Baby Mia ist da!/);
    expect(getNewsInvitation('Baby Rose', news, (id, values) => ru._(id, values))).toMatch(/^Mia уже с нами!/);
  });
});

describe('share addresses', () => {
  const message = composeInvitation('Guess our day & win nothing? 100% fun', URL_);

  it('carry the whole message, encoded', () => {
    expect(getWhatsAppUrl(message)).toBe(
      'https://wa.me/?text=Guess%20our%20day%20%26%20win%20nothing%3F%20100%25%20fun%0Ahttps%3A%2F%2Ffirstday.app%2Fc%2FAb3dEf9hIj',
    );
    expect(getSmsUrl(message)).toMatch(/^sms:\?&body=Guess%20our%20day%20%26/);
    expect(decodeURIComponent(getSmsUrl(message).slice('sms:?&body='.length))).toBe(message);
  });

  it('give the e-mail a subject and the message as its body', () => {
    const mail = new URL(getEmailUrl('Guess the day: Baby Rose', message));
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe('Guess the day: Baby Rose');
    expect(mail.searchParams.get('body')).toBe(message);
    expect(getEmailUrl('a b', 'c')).not.toContain('+');
  });

  it('give Messenger the link only', () => {
    expect(getMessengerAppUrl(URL_)).toBe('fb-messenger://share?link=https%3A%2F%2Ffirstday.app%2Fc%2FAb3dEf9hIj');
  });

  it('tell phones and tablets from computers', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 15; Pixel 9)', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 0)).toBe(false);
  });
});
