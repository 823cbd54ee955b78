import { expect, test } from '@playwright/test';
import { addDays, createActiveCalendar, dayButton, GOOD_CARD, waitForHydration } from '../support/calendars.ts';
import { text } from '../support/catalogues.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('a Russian-speaking guest gives €25 in Russian; the request carries the language for the e-mails', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page, { currency: 'eur' });
  const context = await browser.newContext({ locale: 'ru-RU' });
  const visitor = await context.newPage();
  await visitor.goto(`/c/${calendar.slug}`);
  // The server renders the page in the browser's language.
  await expect(visitor.getByRole('heading', { name: text('ru', 'contributions.page.pickTitle') })).toBeVisible();
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'ru');
  await waitForHydration(visitor);

  await dayButton(visitor, addDays(calendar.dueDate, -1)).click();
  const dialog = visitor.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Ваша догадка:/ })).toBeVisible();
  // Refused empty: the messages are Russian.
  await dialog.getByRole('button', { name: text('ru', 'contributions.form.send') }).click();
  await expect(dialog.getByText(text('ru', 'contributions.check.nameMissing'))).toBeVisible();

  await dialog.getByLabel(text('ru', 'contributions.form.name')).fill('Бабушка Галя');
  await dialog.getByLabel(text('ru', 'contributions.form.email')).fill(uniqueEmail('galya'));
  await dialog.getByLabel(text('ru', 'contributions.form.wish')).fill('Добро пожаловать, малыш!');
  await dialog.getByRole('radio', { name: /^25\s€$/ }).check();
  await dialog.locator('input[autocomplete="cc-number"]').fill(GOOD_CARD);
  await dialog.locator('input[autocomplete="cc-name"]').fill('Galina Ivanova');
  await dialog.locator('input[autocomplete="cc-exp"]').fill('12/35');
  await dialog.locator('input[autocomplete="cc-csc"]').fill('123');

  const sent = visitor.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/calendars/${calendar.slug}/contributions`),
  );
  await dialog.getByRole('button', { name: /^Отправить пожелание и 25\s€$/ }).click();
  expect((await sent).postDataJSON()).toMatchObject({ giftAmount: 2500, locale: 'ru' });
  await expect(visitor.getByRole('heading', { name: text('ru', 'contributions.thanks.title') })).toBeVisible({
    timeout: 40_000,
  });
  await expect(dialog).toContainText(/с подарком 25\s€/);
  await context.close();
});

test('a guest switches the page to German in place, the automatic title too', async ({ page, browser }) => {
  // Sent back as it reads, the automatic name stays automatic: worded for each guest.
  const calendar = await createActiveCalendar(page, { title: "Ada's calendar" });
  const context = await browser.newContext({ locale: 'en-US' });
  const visitor = await context.newPage();
  await visitor.goto(`/c/${calendar.slug}`);
  await waitForHydration(visitor);
  await expect(visitor.getByRole('heading', { name: text('en', 'contributions.page.pickTitle') })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText("Ada's calendar");
  await visitor.getByRole('button', { name: 'Deutsch' }).click();
  await expect(visitor.getByRole('heading', { name: text('de', 'contributions.page.pickTitle') })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Adas Kalender');
  await expect(visitor).toHaveURL(new RegExp(`/c/${calendar.slug}$`));
  // The choice is remembered: the next visit is rendered in German by the server.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: text('de', 'contributions.page.pickTitle') })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Adas Kalender');
  await context.close();
});
