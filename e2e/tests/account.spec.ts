import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import {
  type Credentials,
  createVerifiedAccount,
  createVerifiedParent,
  DEFAULT_PASSWORD,
  logIn,
} from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { contribute, createActiveCalendar, GOOD_CARD, openAsVisitor } from '../support/calendars.ts';
import { holdScripts } from '../support/hold-scripts.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

type SignedInAccount = Credentials & { storageState: Awaited<ReturnType<BrowserContext['storageState']>> };

/**
 * One verified account per worker for the tests that only read or save settings: sign-up is rate
 * limited per IP, so each test does not make its own. Tests that end the session (logout, password
 * change, deletion) sign up their own account.
 */
const test = base.extend<object, { sharedAccount: SignedInAccount }>({
  sharedAccount: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const credentials = await createVerifiedAccount(context.request, { name: 'Shared Parent' });
      const storageState = await context.storageState();
      await context.close();
      await use({ ...credentials, storageState });
    },
    { scope: 'worker' },
  ],
});

const signedIn = test.extend({
  storageState: async ({ sharedAccount }, use) => use(sharedAccount.storageState),
});

const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';
const MASKED_IBAN = 'DE89 •••• •••• •••• 3000';

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
}

async function confirmWithPassword(page: Page, dialogName: string, password: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings are saved.')).toBeVisible();
}

signedIn.describe('account settings', () => {
  signedIn('saved settings are there after a reload', async ({ page }) => {
    await openSettings(page);
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Savings goal in dollars').fill('2,500.50');
    await page.getByRole('switch', { name: 'Hide sender names on Calendar' }).check();
    await page.getByRole('switch', { name: 'Hide total on Calendar' }).uncheck();
    const giftMails = page.getByRole('switch', { name: 'E-mail me about each gift' });
    await expect(giftMails).toBeChecked();
    await giftMails.uncheck();
    await saveSettings(page);

    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Savings goal in dollars')).toHaveValue('2500.50');
    await expect(page.getByRole('switch', { name: 'Hide sender names on Calendar' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Hide total on Calendar' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'E-mail me about each gift' })).not.toBeChecked();
  });

  signedIn('an invalid value shows an inline error and nothing is saved', async ({ page }) => {
    await openSettings(page);
    const goal = page.getByLabel('Savings goal in dollars');
    await goal.fill('lots');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(goal).toHaveAttribute('aria-invalid', 'true');
    await expect(goal).toHaveAccessibleDescription(/Please enter an amount in dollars\./);
    await expect(goal).toBeFocused();
  });

  // Settings paints before its scripts run (decision 036): what is typed and sent then is checked
  // once they run, as if sent after. The scripts are held back here until after the send.
  signedIn('a value typed and sent before the page runs is kept and checked once it does', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/settings', { waitUntil: 'domcontentloaded' });
    const goal = page.getByLabel('Savings goal in dollars');
    await goal.fill('lots');
    await page.getByRole('button', { name: 'Save settings' }).click();
    release();
    await expect(goal).toHaveAttribute('aria-invalid', 'true');
    await expect(goal).toHaveAccessibleDescription(/Please enter an amount in dollars\./);
    await expect(goal).toHaveValue('lots');
  });

  // A grandmother turns a switch at once: the page must not turn it back when its scripts start.
  signedIn('switches turned before the page runs stay turned and are saved', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/settings', { waitUntil: 'domcontentloaded' });
    // Each the other way from what is saved, whichever way an earlier test of this account left it.
    const switches = [
      page.getByRole('switch', { name: 'Hide sender names on Calendar' }),
      page.getByRole('switch', { name: 'E-mail me about each gift' }),
    ];
    const turnedTo = [];
    for (const field of switches) {
      const checked = !(await field.isChecked());
      await field.setChecked(checked);
      turnedTo.push(checked);
    }
    await page.getByRole('button', { name: 'Save settings' }).click();
    release();
    await expect(page.getByText('Your settings are saved.')).toBeVisible();
    for (const [index, field] of switches.entries()) await expect(field).toBeChecked({ checked: turnedTo[index] });
    await page.reload();
    for (const [index, field] of switches.entries()) await expect(field).toBeChecked({ checked: turnedTo[index] });
  });

  signedIn('an IBAN with a typo is refused, a valid one is saved and shown masked', async ({ page, sharedAccount }) => {
    await openSettings(page);
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill('DE89370400440532013001');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveAccessibleDescription(/This IBAN is not valid: please check it for typos\./);

    await iban.fill(VALID_IBAN);
    await page.getByRole('button', { name: 'Save settings' }).click();
    // A new IBAN is confirmed with the password (bank-details.spec.ts has the dialog's journey).
    await confirmWithPassword(page, 'Confirm the new bank account', sharedAccount.password);
    await expect(page.getByText('Your settings are saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(MASKED_IBAN);

    // Saving again without touching the masked IBAN keeps it.
    await saveSettings(page);
    await page.reload();
    await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(MASKED_IBAN);
  });

  signedIn('a new e-mail address waits for its confirmation link', async ({ page, request, sharedAccount }) => {
    const newEmail = `new-${sharedAccount.email}`;
    await openSettings(page);
    await page.getByLabel('E-mail', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await confirmWithPassword(page, 'Confirm your new e-mail address', sharedAccount.password);
    await expect(page.getByText('Your settings are saved.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'We sent a confirmation link to' })).toHaveText(
      `We sent a confirmation link to ${newEmail}. Your e-mail changes once you open it.`,
    );
    await waitForMail(request, newEmail, 'Confirm');

    await page.reload();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(sharedAccount.email);
  });
});

signedIn.describe('shell', () => {
  signedIn('the side menu starts collapsed, toggles, and marks the current page', async ({ page }) => {
    await page.goto('/settings');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const getMenuWidth = () => menu.evaluate((element) => element.getBoundingClientRect().width);
    // Collapsed: a rail of icons; the labels stay as the links' accessible names.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(getMenuWidth).toBeLessThan(100);
    await expect(menu.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('aria-current', 'page');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(getMenuWidth).toBeGreaterThan(200);

    await menu.getByRole('link', { name: 'Investments' }).click();
    await expect(page).toHaveURL(/\/investments$/);
    await expect(menu.getByRole('link', { name: 'Investments' })).toHaveAttribute('aria-current', 'page');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(getMenuWidth).toBeLessThan(100);
  });

  signedIn('on a phone the menu is a drawer that closes after a choice', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/my_calendars');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await toggle.click();
    await menu.getByRole('link', { name: 'Wishes' }).click();
    await expect(page.getByRole('heading', { name: 'No wishes yet' })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  signedIn('calendar info offers the way back to the list', async ({ page }) => {
    await page.goto('/my_calendars/calendar_info');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar Info' })).toBeVisible();
    // Calendar info is inside the My calendars section, not that page itself.
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My calendars' }),
    ).toHaveAttribute('aria-current', 'true');
    await page.getByRole('banner').getByRole('link', { name: 'Back to list' }).click();
    await expect(page).toHaveURL(/\/my_calendars$/);
    await expect(page.getByRole('heading', { name: 'No calendars yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Create your calendar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Calendar' })).toBeVisible();
  });

  signedIn('the wishes button in the top bar opens the wishes', async ({ page }) => {
    await page.goto('/my_calendars');
    await page.getByRole('banner').getByRole('link', { name: 'Wishes' }).click();
    await expect(page).toHaveURL(/\/wishes$/);
    await expect(page.getByRole('heading', { name: 'No wishes yet' })).toBeVisible();
  });
});

signedIn('/investments shows more articles on request', async ({ page }) => {
  await page.goto('/investments');
  const cards = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('complementary', { name: 'Disclaimer' })).toContainText('Not financial advice');
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(6);
  await expect(cards.nth(6).getByRole('link')).toBeFocused();
});

for (const width of [1440, 390]) {
  signedIn(`axe finds no serious or critical violation in the signed-in area at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/my_calendars', '/settings', '/wishes', '/investments']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoSeriousAxeViolation(page, path);
    }
  });
}

test('a signed-out visitor goes to /login and comes back after logging in', async ({ page, request }) => {
  await page.goto('/settings?from=test');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%3Ffrom%3Dtest$/);

  const credentials = await createVerifiedAccount(request);
  await logIn(page, credentials, '/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
});

test('change the password, log out, and log in with the new one', async ({ page }) => {
  const credentials = await createVerifiedParent(page);
  await openSettings(page);

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('a-new-password-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
    /The current password is not correct\./,
  );

  await page.getByLabel('Current password').fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Replace, not push: Back does not return to the signed-in page.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/settings/);

  await logIn(page, { ...credentials, password: 'a-new-password-7' });
  await expect(page).toHaveURL(/\/my_calendars$/);
});

test('delete the account after confirming with the password', async ({ page }) => {
  const credentials = await createVerifiedParent(page);
  await openSettings(page);
  const openButton = page.getByRole('button', { name: 'Delete account' });

  await openButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('7 years');
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(openButton).toBeFocused();

  await openButton.click();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByLabel('Your password')).toHaveAccessibleDescription(/This password is not correct\./);

  await dialog.getByLabel('Your password').fill(credentials.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login\?notice=account-deleted$/);
  await expect(page.getByText('Your account is deleted. Thank you for having been with us.')).toBeVisible();

  await logIn(page, credentials);
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
});

test('an owner whose open calendar holds a gift closes it quietly with refunds, then deletes the account', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page);
  const giver = uniqueEmail('giver');
  const visitor = await openAsVisitor(browser, calendar.slug);
  await contribute(visitor, {
    date: calendar.dueDate,
    name: 'Grandma Rose',
    email: giver,
    wish: 'Welcome!',
    card: GOOD_CARD,
  });
  await visitor.context().close();

  // The dialog first says what stands in the way: no password field while gifts are held.
  await openSettings(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Your calendars still hold gifts from family and friends');
  const item = dialog.getByRole('listitem').filter({ hasText: 'Baby Parent' });
  await expect(item).toContainText('Open, with 1 gift ($25).');
  await expect(dialog.getByLabel('Your password')).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeFocused();
  await expectNoSeriousAxeViolation(page, 'deletion dialog with a calendar to close');

  // The quiet close, on top of it: every gift back to its giver.
  await item.getByRole('button', { name: 'Close quietly: Baby Parent' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close without celebration' });
  await expect(closeDialog).toContainText('What should happen to the gifts ($25)?');
  await closeDialog.getByRole('radio', { name: /Refund every gift to the givers/ }).check();
  await closeDialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes, close the calendar' }).click();
  await expect(page.getByText('The calendar is closed.')).toBeVisible();

  // Once the refund is through, the dialog asks for the password; the giver was told.
  const password = dialog.getByLabel('Your password');
  await expect(password).toBeFocused();
  await expect(dialog).toContainText('for 7 years, as the law requires, without your name');
  const notice = await waitForMail(request, giver, 'Your gift is being refunded');
  expect(notice.text).toContain('“Baby Parent” has been closed');
  await expectNoSeriousAxeViolation(page, 'deletion dialog, ready');

  await password.fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login\?notice=account-deleted$/);
  await expect(page.getByText('Your account is deleted. Thank you for having been with us.')).toBeVisible();
  expect((await request.get(`/api/public/calendars/${calendar.slug}`)).status()).toBe(404);
});
