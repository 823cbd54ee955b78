import { expect, test } from '@playwright/test';
import { findLinkByPath } from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  contribute,
  createActiveCalendar,
  DECLINED_CARD,
  dayButton,
  fillContribution,
  GOOD_CARD,
  openAsVisitor,
  waitForHydration,
} from '../support/calendars.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

test('a visitor guesses with a wish and a $25 gift, gets a receipt and edits the wish; the creator reads it', async ({
  page,
  browser,
}) => {
  // One whole journey: sign-up, fee, gift, receipt e-mail, edit, the creator's wishes.
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page);
  const visitor = await openAsVisitor(browser, calendar.slug);
  await expect(visitor.getByText('Just for fun: nobody wins money for a right guess.').first()).toBeVisible();

  const guessedDate = addDays(calendar.dueDate, -2);
  await dayButton(visitor, guessedDate).click();
  await expect(visitor.getByRole('dialog')).toBeVisible();
  const email = uniqueEmail('grandma');
  await fillContribution(visitor, { name: 'Grandma Rose', email, wish: 'Welcome, little one!', card: GOOD_CARD });
  await visitor.getByRole('button', { name: 'Send wish and $25' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });
  await visitor.getByRole('button', { name: 'Back to the calendar' }).click();

  await expect(dayButton(visitor, guessedDate)).toHaveAccessibleName(/1 guess$/);
  await expect(visitor.getByText('Welcome, little one!')).toBeVisible();
  await expectNoSeriousAxeViolation(visitor, 'public calendar');
  await dayButton(visitor, calendar.dueDate).click();
  await expect(visitor.getByRole('dialog').getByLabel('Your name')).toBeFocused();
  await expectNoSeriousAxeViolation(visitor, 'contribution dialog');
  await visitor.keyboard.press('Escape');
  await expect(dayButton(visitor, calendar.dueDate)).toBeFocused();

  // The receipt's private link edits the wish.
  const receipt = await waitForMail(visitor.request, email, 'Thank you for your wish');
  const editLink = findLinkByPath(receipt, `/c/${calendar.slug}/edit/`);
  await visitor.goto(editLink);
  await expect(visitor.getByRole('heading', { name: 'Edit your wish' })).toBeVisible();
  await expect(dayButton(visitor, guessedDate)).toHaveAccessibleName(/1 guess$/);
  // The guess moves a day earlier: the counts follow at once, on the page the guest is on.
  const movedDate = addDays(guessedDate, -1);
  await dayButton(visitor, movedDate).click();
  await visitor.getByRole('textbox', { name: 'Your wish' }).fill('Welcome, little one! Edited with love.');
  await visitor.getByRole('button', { name: 'Save changes' }).click();
  await expect(visitor.getByText('Saved. Your changes show on the calendar.')).toBeVisible();
  await expect(dayButton(visitor, movedDate)).toHaveAccessibleName(/1 guess$/);
  await expect(dayButton(visitor, guessedDate)).toHaveAccessibleName(/no guesses yet$/);
  await visitor.goto(`/c/${calendar.slug}`);
  await expect(visitor.getByText('Welcome, little one! Edited with love.')).toBeVisible();

  // A wrong token is refused clearly.
  await visitor.goto(editLink.replace(/token=[^&]+/, 'token=wrong'));
  await expect(visitor.getByRole('alert')).toContainText('This edit link is not valid');
  await visitor.context().close();

  // The creator: New on /wishes, opened, plain after a reload.
  await page.goto('/wishes');
  await expect(page.getByRole('link', { name: 'Wishes, 1 unread' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Greeting' })).toBeVisible();
  await expectNoSeriousAxeViolation(page, '/wishes');
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Welcome, little one! Edited with love.')).toBeVisible();
  await expect(page.locator('article[data-state="new_open"]')).toBeVisible();
  await expect(page.locator('header a[href="/wishes"]')).toHaveAttribute('aria-label', 'Wishes');
  await page.reload();
  await expect(page.locator('article[data-state="plain"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grandma Rose' })).toBeVisible();
  await expect(page.getByText('$25')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
});

test('a guest deletes their wish and details from the edit link after a confirmation; the gift stays with the parents', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const calendar = await createActiveCalendar(page);
  const visitor = await openAsVisitor(browser, calendar.slug);
  const guessedDate = addDays(calendar.dueDate, 1);
  const email = uniqueEmail('joe');
  await contribute(visitor, {
    date: guessedDate,
    name: 'Grandpa Joe',
    email,
    wish: 'Sleep well, little one',
    card: GOOD_CARD,
  });

  const receipt = await waitForMail(visitor.request, email, 'Thank you for your wish');
  expect(receipt.text).toContain('you can delete your wish and your details');
  const editLink = findLinkByPath(receipt, `/c/${calendar.slug}/edit/`);
  await visitor.goto(editLink);
  await visitor.getByRole('button', { name: 'Delete my wish and details' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Delete your wish and details?' });
  await expect(dialog).toContainText('your guess leaves the calendar');
  await expect(dialog).toContainText('Your gift of $25.00 stays with the parents, without your name');
  // 'Keep it' has the focus and changes nothing.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoSeriousAxeViolation(visitor, 'delete dialog');
  await visitor.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await visitor.getByRole('button', { name: 'Delete my wish and details' }).click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();

  await expect(visitor.getByRole('heading', { name: 'Your wish is deleted' })).toBeFocused();
  await expect(visitor.getByRole('status')).toContainText(
    'Your wish, your guess, your name and your e-mail address are deleted.',
  );
  await expect(visitor.getByText('Your gift stays with the parents, without your name.')).toBeVisible();
  await visitor.getByRole('link', { name: 'Go to the calendar' }).click();
  await expect(dayButton(visitor, guessedDate)).toHaveAccessibleName(/no guesses yet$/);
  await expect(visitor.getByText('Sleep well, little one')).toHaveCount(0);
  await expect(visitor.getByText('Grandpa Joe')).toHaveCount(0);
  // The link is spent.
  await visitor.goto(editLink);
  await expect(visitor.getByRole('alert')).toContainText('This edit link is not valid');
  await visitor.context().close();
});

test('a declined card keeps the form filled and leaves nothing on the calendar', async ({ page, browser }) => {
  const calendar = await createActiveCalendar(page);
  const visitor = await openAsVisitor(browser, calendar.slug);
  const guessedDate = addDays(calendar.dueDate, 3);
  await dayButton(visitor, guessedDate).click();
  await fillContribution(visitor, {
    name: 'Uncle Bob',
    email: uniqueEmail('bob'),
    wish: 'Declined but hopeful',
    card: DECLINED_CARD,
  });
  await visitor.getByRole('button', { name: 'Send wish and $25' }).click();
  await expect(visitor.getByRole('alert')).toContainText('Your card was declined');
  await expect(visitor.getByRole('dialog').getByLabel('Your wish')).toHaveValue('Declined but hopeful');
  await visitor.keyboard.press('Escape');
  await visitor.reload();
  await expect(dayButton(visitor, guessedDate)).toHaveAccessibleName(/no guesses yet$/);
  await expect(visitor.getByText('Declined but hopeful')).toHaveCount(0);
  await visitor.context().close();
});

test('with hidden names and total, the public page and JSON carry no names or amounts', async ({ page, browser }) => {
  const calendar = await createActiveCalendar(page, { hideSenderNames: true, hideTotal: true });
  const visitor = await openAsVisitor(browser, calendar.slug);
  const senderEmail = uniqueEmail('secret');
  await contribute(visitor, {
    date: calendar.dueDate,
    name: 'Secret Sender',
    email: senderEmail,
    wish: 'A quiet wish',
    card: GOOD_CARD,
  });

  // The page arrives rendered with its data; the API refreshes it after a contribution.
  const html = await (await visitor.reload())!.text();
  const json = await (await visitor.request.get(`/api/public/calendars/${calendar.slug}`)).text();
  for (const body of [html, json]) {
    expect(body).toContain('A quiet wish');
    expect(body).not.toContain('Secret');
    expect(body).not.toContain('totalRaisedAmount');
    // Nobody's address: neither the sender's nor the parents'. (The page's texts may show an
    // example address, 'name@example.com', in a form hint.)
    expect(body).not.toContain(senderEmail);
    expect(body).not.toContain(calendar.owner.email);
  }
  expect(json).not.toContain('2500');
  await expect(visitor.getByText('Raised so far')).toHaveCount(0);
  await visitor.context().close();
});

test('an unknown calendar link shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/c/doesNotExist42');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: /Page Not Found/ })).toBeVisible();
});

test('a shared link carries a preview for messengers, and the page still loads cleanly', async ({ page, browser }) => {
  const calendar = await createActiveCalendar(page);
  const html = await (await page.request.get(`/c/${calendar.slug}`)).text();
  expect(html).toContain('<meta property="og:title" content="Baby Parent"/>');
  expect(html).toContain('name="twitter:card" content="summary_large_image"');
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(image).toMatch(new RegExp(`/api/public/calendars/${calendar.slug}/og\\.png$`));
  const png = await page.request.get(new URL(image!).pathname);
  expect(png.headers()['content-type']).toBe('image/png');

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await tab.goto(`/c/${calendar.slug}`);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(tab);
  await expect(tab).toHaveTitle(/Firstday/);
  await tab.getByRole('button', { name: 'QR code' }).click();
  await expect(tab.getByRole('img', { name: /QR code of the link/ })).toBeVisible();
  expect(errors).toEqual([]);
  await visitor.close();
});
