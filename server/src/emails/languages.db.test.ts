import { randomUUID } from 'node:crypto';
import type { Locale } from '@firstday/common/locales';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../test/test-captcha.ts';
import {
  createActiveCalendar,
  createContributionTestApp,
  GOOD_CARD,
  makeContribution,
  postContribution,
} from '../../test/test-contributions.ts';
import { createVerifiedUser, sendJson, TEST_ORIGIN } from '../../test/test-users.ts';
import { userProfiles } from '../account/schema.ts';
import { user } from '../auth/schema.ts';
import { calendars } from '../calendars/schema.ts';

/**
 * Every e-mail in its reader's language (issue 14), through the real flows: the owner's in the
 * account's language, a guest's in the language of the page they wrote on, money in the
 * calendar's currency.
 */
let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

/** Intl separates amount and symbol with a no-break space; the tests read it as a space. */
function plain(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}

async function createEuroCalendar(ownerLocale: Locale | null) {
  const created = await createActiveCalendar(t);
  const title = `Baby ${randomUUID().slice(0, 8)}`;
  const [calendar] = await t.db
    .update(calendars)
    .set({ title, currency: 'eur' })
    .where(eq(calendars.id, created.calendar.id))
    .returning();
  await t.db
    .insert(userProfiles)
    .values({ userId: calendar!.ownerId, locale: ownerLocale })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { locale: ownerLocale } });
  return { ...created, calendar: calendar!, title };
}

async function sendGift(slug: string, overrides: Parameters<typeof makeContribution>[1]) {
  const body = await makeContribution(t, { payment: { type: 'card', card: GOOD_CARD }, ...overrides });
  expect((await postContribution(t, slug, body)).status).toBe(201);
  await webhooks.deliverAll();
  await t.sendQueuedMail();
  return body;
}

describe('e-mails in the reader’s language', () => {
  it('tells a German owner of a gift in German, with the euro amount written the German way', async () => {
    const { calendar, email, title } = await createEuroCalendar('de');
    await sendGift(calendar.slug, { name: 'Tom Baker', giftAmount: 2500, wish: 'Alles Gute!', locale: 'en' });

    const mails = t.mailCatcher.list(email).filter((mail) => mail.subject.includes(`„${title}“`));
    expect(mails.map((mail) => plain(mail.subject))).toEqual([
      `„Tom Baker“ hat 25,00 € und einen Wunsch an „${title}“ geschickt`,
    ]);
    const text = plain(mails[0]!.text);
    expect(text).toContain('Tom Baker hat „');
    expect(text).toContain('ein Geschenk von 25,00 € geschickt und auf den 10. Januar 2030 getippt:');
    expect(text).toContain('Fragen? Schreiben Sie an');
    expect(text).toContain('Abmelden: ');
    expect(mails[0]!.html).toContain('lang="de"');
  });

  it("writes a Russian guest's receipt in Russian, whatever the owner's language", async () => {
    const { calendar } = await createEuroCalendar('de');
    const gift = await sendGift(calendar.slug, {
      name: 'Анна',
      giftAmount: 2500,
      wish: 'Счастья малышу!',
      locale: 'ru',
    });

    const [receipt] = t.mailCatcher.list(gift.email.toLowerCase());
    expect(receipt?.subject).toBe('Спасибо за ваше пожелание и подарок');
    const text = plain(receipt!.text);
    expect(text).toContain('Здравствуйте, Анна!');
    expect(text).toContain('Ваша догадка: 10 января 2030 г.');
    expect(text).toContain('Ваш подарок: 25,00 €');
    expect(text).toContain('карта, оканчивающаяся на 4242');
    expect(text).toContain('Изменить догадку или пожелание: http://firstday.test/c/');
  });

  it('sends the celebration to each participant in their own language, the owner’s confirmation in the owner’s', async () => {
    const { calendar, cookie, email } = await createEuroCalendar(null);
    const guests = { en: 'Grace', de: 'Greta', ru: 'Галина' } as const;
    const addresses: Record<string, string> = {};
    for (const [locale, name] of Object.entries(guests) as [Locale, string][]) {
      const body = await makeContribution(t, { name, locale });
      expect((await postContribution(t, calendar.slug, body)).status).toBe(201);
      addresses[locale] = body.email.toLowerCase();
    }
    await t.sendQueuedMail();

    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      {
        birthDate: new Date().toISOString().slice(0, 10),
        thankYouMessage: 'Thank you!',
        babyName: 'Mia',
        birthTimeMinutes: 945,
      },
      cookie,
    );
    expect(response.status).toBe(200);
    await t.sendQueuedMail();

    const celebration = (locale: Locale) =>
      t.mailCatcher.list(addresses[locale]!).find((mail) => mail.text.includes('Mia'));
    expect(celebration('en')?.subject).toMatch(/^The baby is here! News from “/);
    expect(celebration('en')?.text).toContain('Welcome, Mia! Born at 3:45 PM.');
    expect(celebration('de')?.subject).toMatch(/^Das Baby ist da! Neuigkeiten von „/);
    expect(celebration('de')?.text).toContain('Willkommen, Mia! Geboren um 15:45 Uhr.');
    expect(celebration('ru')?.subject).toMatch(/^Малыш родился! Новости календаря «/);
    expect(celebration('ru')?.text).toContain('Добро пожаловать, Mia! Время рождения — 15:45.');

    // An owner without a language setting reads English.
    const confirmation = t.mailCatcher.list(email).find((mail) => mail.subject.startsWith('Congratulations!'));
    expect(confirmation?.text).toContain('No gifts were collected, so there is nothing to pay out.');
  });

  it("writes the account e-mails in the visitor's language before the account has one, then in the account's", async () => {
    const signUp = (email: string, headers: Record<string, string>) =>
      t.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
        body: JSON.stringify({ name: 'Vera', email, password: 'correct horse battery' }),
      });
    const fromCookie = `cookie-${randomUUID()}@example.com`;
    const fromBrowser = `browser-${randomUUID()}@example.com`;
    expect((await signUp(fromCookie, { cookie: 'firstday_locale=ru', 'accept-language': 'de' })).status).toBe(200);
    expect((await signUp(fromBrowser, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' })).status).toBe(200);
    await t.sendQueuedMail();
    expect(t.mailCatcher.list(fromCookie).map((mail) => mail.subject)).toEqual([
      'Подтвердите адрес электронной почты для Firstday',
    ]);
    expect(t.mailCatcher.list(fromBrowser).map((mail) => mail.subject)).toEqual([
      'Bestätigen Sie Ihre E-Mail-Adresse für Firstday',
    ]);

    // A reset goes through our captcha route; without an account language it follows the browser's.
    const requestReset = async (email: string, headers: Record<string, string> = {}) => {
      const before = t.mailCatcher.list(email).length;
      const response = await t.app.request('/api/account/password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
        body: JSON.stringify({ email, captchaValue: await solveCaptcha(t) }),
      });
      expect(response.status).toBe(200);
      await expect
        .poll(async () => {
          await t.sendQueuedMail();
          return t.mailCatcher.list(email).length;
        })
        .toBeGreaterThan(before);
      return t.mailCatcher.list(email).map((mail) => mail.subject);
    };
    const russianBrowser = `reset-ru-${randomUUID()}@example.com`;
    await createVerifiedUser(t, russianBrowser);
    expect(await requestReset(russianBrowser, { 'accept-language': 'ru-RU,ru;q=0.9' })).toContain(
      'Сброс пароля Firstday',
    );

    // Once the account has a language, it wins over the browser's.
    const address = `reset-${randomUUID()}@example.com`;
    await createVerifiedUser(t, address);
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, address));
    await t.db.insert(userProfiles).values({ userId: account!.id, locale: 'de' });
    expect(await requestReset(address, { 'accept-language': 'ru' })).toContain(
      'Setzen Sie Ihr Firstday-Passwort zurück',
    );
  });

  it("confirms a newsletter subscription in the visitor's chosen language, else in English", async () => {
    const subscribe = (email: string, cookie?: string) =>
      t.app.request('/api/emails/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ email }),
      });
    const german = `news-de-${randomUUID()}@example.com`;
    const plainVisitor = `news-${randomUUID()}@example.com`;
    expect((await subscribe(german, 'firstday_locale=de')).status).toBe(200);
    expect((await subscribe(plainVisitor)).status).toBe(200);
    await t.sendQueuedMail();
    expect(t.mailCatcher.list(german).map((mail) => mail.subject)).toEqual([
      'Bitte bestätigen Sie Ihr Firstday-Abonnement',
    ]);
    expect(t.mailCatcher.list(plainVisitor).map((mail) => mail.subject)).toEqual([
      'Please confirm your Firstday subscription',
    ]);
  });
});
