import { expect, test } from '@playwright/test';
import { createVerifiedAccount, DEFAULT_PASSWORD, findLinkByPath } from '../support/auth.ts';
import { addDays, dayButton, GOOD_CARD, waitForHydration } from '../support/calendars.ts';
import { text, textPattern } from '../support/catalogues.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';

function isoDateFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('a German parent creates a euro calendar in German, a Russian guest gives €25 in Russian, and each reads their e-mails in their language', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const de = (key: string, values?: Record<string, string | number>) => text('de', key, values);
  const ru = (key: string, values?: Record<string, string | number>) => text('ru', key, values);

  // The German landing page, prerendered under /de/, leads to the start page and its sign-up form.
  const parentContext = await browser.newContext({ locale: 'de-DE' });
  const parent = await parentContext.newPage();
  await parent.goto('/de/');
  await expect(parent.locator('html')).toHaveAttribute('lang', 'de');
  await expect(parent.getByRole('heading', { level: 1 })).toContainText(de('marketing.landing.title'));
  await parent.getByRole('link', { name: de('marketing.landing.cta') }).click();
  await expect(parent).toHaveURL(/\/de\/join_us$/);

  const email = uniqueEmail('eltern');
  await parent.getByLabel(de('auth.signUp.name'), { exact: true }).fill('Lena Koch');
  await parent.getByLabel(de('auth.fields.email'), { exact: true }).fill(email);
  await parent.getByLabel(de('auth.fields.password'), { exact: true }).fill(DEFAULT_PASSWORD);
  await parent.getByRole('button', { name: de('auth.fields.continueWithEmail') }).click();
  await expect(parent.getByRole('heading', { name: de('pages.joinUs.confirmEmail') })).toBeVisible();

  // The confirmation e-mail is German; its link lands in the wizard, still in German.
  const verification = await waitForMail(parent.request, email, de('emails.verification.subject'));
  await parent.goto(findLinkByPath(verification, '/api/auth/verify-email'));
  await expect(parent).toHaveURL(/\/create_calendar$/);
  await expect(parent.getByRole('heading', { level: 1, name: de('calendars.wizard.titleDetails') })).toBeVisible();
  await expect(parent.locator('html')).toHaveAttribute('lang', 'de');

  // Step 1: a German IBAN makes it a euro calendar, with the fee of 20 € beside it.
  await parent.getByLabel(de('calendars.wizard.lastName')).fill('Koch');
  await parent.getByLabel('IBAN', { exact: true }).fill(GERMAN_IBAN);
  await expect(parent.getByRole('radio', { name: new RegExp(`^${de('calendars.currency.eur')}\\b`) })).toBeChecked();
  await parent.getByRole('button', { name: de('calendars.wizard.nextStep') }).click();

  await expect(parent.getByRole('heading', { level: 1, name: de('calendars.wizard.titleCustomize') })).toBeVisible();
  const dueDate = isoDateFromToday(30);
  await parent.getByLabel(de('calendars.wizard.dueDate')).fill(dueDate);
  await parent.getByRole('button', { name: de('calendars.wizard.nextStep') }).click();
  await expect(parent.getByRole('heading', { level: 1, name: de('calendars.wizard.titlePlan') })).toBeVisible();
  await expect(parent.getByText(/^20,00\s€$|^20\s€$/).first()).toBeVisible();
  await parent.getByRole('button', { name: de('calendars.wizard.proceedToPayment') }).click();

  await expect(parent.getByRole('heading', { level: 1, name: de('calendars.wizard.titlePayment') })).toBeVisible();
  // The fee in the calendar's currency, as German writes it (issue 24: it used to say 'Nur 20 $ zum Start').
  await expect(parent.getByText(/^Nur 20\s€ zum Start$/)).toBeVisible();
  await parent.getByLabel(de('app.card.number')).pressSequentially(GOOD_CARD.replace(/\s/g, ''));
  await parent.getByLabel(de('app.card.holderName')).fill('Lena Koch');
  await parent.getByLabel(de('app.card.expiry')).pressSequentially('1235');
  await parent.getByLabel(de('app.card.cvc')).fill('123');
  await parent.getByRole('button', { name: new RegExp(`^${de('calendars.payment.pay')}`) }).click();
  await expect(parent.getByRole('heading', { level: 1, name: de('calendars.wizard.titleWelcome') })).toBeVisible({
    timeout: 30_000,
  });
  await waitForMail(parent.request, email, de('emails.feeReceipt.subject'));

  // The account remembers German: the owner's e-mails and the signed-in area use it.
  const me = (await (await parent.request.get('/api/users/me')).json()) as { settings: { locale: string | null } };
  expect(me.settings.locale).toBe('de');
  const [calendar] = (
    (await (await parent.request.get('/api/calendars')).json()) as {
      calendars: { slug: string; currency: string }[];
    }
  ).calendars;
  expect(calendar?.currency).toBe('eur');

  // A Russian-speaking guest: the server renders the guest page in the browser's language.
  const guestContext = await browser.newContext({ locale: 'ru-RU' });
  const guest = await guestContext.newPage();
  await guest.goto(`/c/${calendar!.slug}`);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(guest.getByRole('heading', { name: ru('contributions.page.pickTitle') })).toBeVisible();
  await waitForHydration(guest);
  await dayButton(guest, addDays(dueDate, -2)).click();
  const dialog = guest.getByRole('dialog');
  const guestEmail = uniqueEmail('babushka');
  await dialog.getByLabel(ru('contributions.form.name')).fill('Бабушка Галя');
  await dialog.getByLabel(ru('contributions.form.email')).fill(guestEmail);
  await dialog.getByLabel(ru('contributions.form.wish')).fill('Добро пожаловать, малыш!');
  await dialog.getByRole('radio', { name: /^25\s€$/ }).check();
  await dialog.getByLabel(ru('app.card.number')).fill(GOOD_CARD);
  await dialog.getByLabel(ru('app.card.holderName')).fill('Galina Ivanova');
  await dialog.getByLabel(ru('app.card.expiry')).fill('12/35');
  await dialog.getByLabel(ru('app.card.cvc')).fill('123');
  await dialog.getByRole('button', { name: /25\s€$/ }).click();
  await expect(guest.getByRole('heading', { name: ru('contributions.thanks.title') })).toBeVisible({ timeout: 40_000 });

  // Each reads their e-mail in their own language, the amount in euros with its minor units.
  const receipt = await waitForMail(guest.request, guestEmail, ru('emails.receipt.subjectGift'));
  expect(receipt.text).toMatch(/25,00\s€/);
  const notice = await waitForMail(parent.request, email, 'Бабушка Галя');
  expect(notice.subject).toMatch(/25,00\s€/);
  expect(notice.subject).toMatch(textPattern('de', 'emails.giftNotification.subject'));

  // The owner sees the gift as '25,00 €' in German.
  await parent.goto('/wishes');
  await expect(parent.getByRole('heading', { level: 1, name: de('contributions.wishes.title') })).toBeVisible();
  await parent.getByText('Бабушка Галя').first().click();
  await expect(parent.getByText(/^25,00\s€$/)).toBeVisible();

  await guestContext.close();
  await parentContext.close();
});

test('the articles read in German and Russian: list, article, its other language, the next article and /investments', async ({
  browser,
}) => {
  const de = (key: string) => text('de', key);
  const ru = (key: string) => text('ru', key);

  // From the German landing's blog to the prerendered German list and an article, dated the German way.
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/de/');
  await page
    .locator('#Blog')
    .getByRole('link', { name: de('marketing.blog.all') })
    .click();
  await expect(page).toHaveURL(/\/de\/articles$/);
  await expect(page).toHaveTitle('Artikel – Firstday');
  await expect(page.getByRole('heading', { level: 1, name: de('investments.articles.title') })).toBeVisible();
  const title = 'Warum ein früher Start mehr zählt als ein großer Betrag';
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.locator('time')).toHaveText('10. Dezember 2025');
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/de\/articles\/starting-early$/);
  await expect(page).toHaveTitle(`${title} – Firstday`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/Beide zahlen genau gleich viel ein: 10\.800\s€/)).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Zwei Familien sparen/);

  // The same article in Russian, then the next one from 'More articles' (a client-side navigation).
  await page.getByRole('banner').getByRole('link', { name: 'Русский' }).click();
  await expect(page).toHaveURL(/\/ru\/articles\/starting-early\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Почему важнее начать рано/);
  await expect(page.getByText(/сумму\s—\s10\s800\sевро/)).toBeVisible();
  await expect(page.locator('time').first()).toHaveText('10 декабря 2025 г.');
  await page
    .getByRole('region', { name: ru('investments.article.moreArticles') })
    .getByRole('link', { name: /^Подарки к\sрождению/ })
    .click();
  await expect(page).toHaveURL(/\/ru\/articles\/birth-gifts-first-investment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Подарки к\sрождению как первая инвестиция$/);
  await expect(page).toHaveTitle(/^Подарки к\sрождению как первая инвестиция – Firstday$/);
  await context.close();

  // A signed-in reader's /investments lists the articles in their language and links to that version.
  const readerContext = await browser.newContext({ locale: 'ru-RU' });
  const reader = await readerContext.newPage();
  await createVerifiedAccount(reader.request, { name: 'Ольга' });
  await reader.goto('/investments');
  const list = reader.getByRole('list', { name: ru('investments.page.articles') });
  await list.getByRole('link', { name: /^Финансовая подушка для молодых родителей$/ }).click();
  await expect(reader).toHaveURL(/\/ru\/articles\/emergency-fund-new-parents$/);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Финансовая подушка для молодых родителей');
  await readerContext.close();
});
