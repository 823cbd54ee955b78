import { expect, test } from '@playwright/test';
import { createActiveCalendar, dayButton, waitForHydration } from '../support/calendars.ts';

test('the guest page shows its calendar before any JavaScript, and works once hydrated', async ({ page, browser }) => {
  const calendar = await createActiveCalendar(page);

  // What a guest on a slow phone sees first: the server's HTML alone.
  const withoutJs = await browser.newContext({ javaScriptEnabled: false });
  const firstHtml = await withoutJs.newPage();
  await firstHtml.goto(`/c/${calendar.slug}`);
  await expect(firstHtml.getByRole('heading', { level: 1 })).toHaveText('Baby Parent');
  const due = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${calendar.dueDate}T00:00:00Z`),
  );
  await expect(firstHtml.getByText(due, { exact: true })).toBeVisible();
  await expect(dayButton(firstHtml, calendar.dueDate)).toBeVisible();
  await withoutJs.close();

  // Then the same page with JavaScript: hydrated without errors, and picking a day opens the form.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.goto(`/c/${calendar.slug}`);
  await waitForHydration(tab);
  await dayButton(tab, calendar.dueDate).click();
  await expect(tab.getByRole('dialog').getByLabel('Your name')).toBeVisible();
  expect(errors).toEqual([]);
  await visitor.close();
});

test('a client-rendered page sends a loading screen first, then the page', async ({ page }) => {
  const html = await (await page.request.get('/login')).text();
  const body = html.slice(html.indexOf('<body'));
  expect(body).toContain('Loading…');

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
});
