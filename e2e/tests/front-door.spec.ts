import { expect, type Page, test } from '@playwright/test';
import {
  createVerifiedAccount,
  createVerifiedParent,
  DEFAULT_PASSWORD,
  getVerificationLink,
  NEW_ACCOUNT_URL,
} from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/** The account entry of the marketing header (in the burger menu on phones). */
function headerLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('link', { name, exact: true });
}

test("a new parent starts from '/': sign up on /join_us, verify, step 1 of the wizard", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(headerLink(page, 'Log in')).toHaveAttribute('href', '/login');
  await page.getByRole('link', { name: 'Start my calendar', exact: true }).click();
  await expect(page).toHaveURL('/join_us');
  await expect(page.getByRole('heading', { name: 'Start the Journey' })).toBeVisible();

  const start = page.getByRole('region', { name: 'Create your account' });
  await expect(start.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcreate_calendar',
  );
  const email = uniqueEmail('front-door');
  await start.getByLabel('Name', { exact: true }).fill('Maya Parent');
  await start.getByLabel('Email', { exact: true }).fill(email);
  await start.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await start.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeFocused();
  await expect(page).toHaveURL('/join_us');
  await expectNoSeriousAxeViolation(page, page.url());
  // A reload while waiting keeps the wait, with the address (this browser's sign-up is pending).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' }).getByText(email)).toBeVisible();

  // The parent opens the e-mailed link, as from a mail app: it signs in and opens the wizard.
  const link = await getVerificationLink(request, email);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await expect(mailTab).toHaveURL(NEW_ACCOUNT_URL);
  await expect(mailTab.getByRole('heading', { name: 'Create Your Calendar' })).toBeVisible();
  await expect(mailTab.getByLabel('First name')).toHaveValue('Maya');
  await expect(mailTab.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]')).toContainText(
    'Details',
  );
  // The tab that signed up notices by itself and goes on to the wizard too.
  await expect(page).toHaveURL(NEW_ACCOUNT_URL, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Create Your Calendar' })).toBeVisible();

  // Signed in, the header offers the calendars instead of 'Log in'.
  await page.goto('/');
  await expect(headerLink(page, 'My calendars')).toHaveAttribute('href', '/my_calendars');
  await expect(headerLink(page, 'Log in')).toHaveCount(0);
  // A start button now goes straight into the wizard; /join_us does not stay in the history.
  await page.getByRole('link', { name: 'Start my calendar', exact: true }).click();
  await expect(page).toHaveURL(NEW_ACCOUNT_URL);
  await page.goBack();
  await expect(page).toHaveURL('/');
});

test('a parent with an account logs in from /join_us and goes on to the wizard', async ({ page, request }) => {
  const credentials = await createVerifiedAccount(request);
  await page.goto('/join_us');
  await page.getByRole('region', { name: 'Create your account' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fcreate_calendar');
  // The sign-in screen's texts load on the way (decision 020): until then /join_us stays on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page).toHaveURL(NEW_ACCOUNT_URL);
  await expect(page.getByRole('heading', { name: 'Create Your Calendar' })).toBeVisible();
});

test('a new parent can start with the federated provider on /join_us and lands in the wizard', async ({ page }) => {
  const config = (await (await page.request.get('/api/config')).json()) as {
    federatedProvider: { name: string } | null;
  };
  expect(config.federatedProvider).not.toBeNull();
  await page.goto('/join_us');
  const popupPromise = page.waitForEvent('popup');
  await page
    .getByRole('region', { name: 'Create your account' })
    .getByRole('button', { name: `Continue with ${config.federatedProvider!.name}` })
    .click();
  const popup = await popupPromise;
  await popup.locator('input[name="login"]').fill(uniqueEmail('federated-start'));
  await popup.locator('input[name="password"]').fill('any-password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(NEW_ACCOUNT_URL, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Create Your Calendar' })).toBeVisible();
});

test('/join_us refuses an empty sign-up inline, field by field', async ({ page }) => {
  await page.goto('/join_us');
  const start = page.getByRole('region', { name: 'Create your account' });
  await start.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(start.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Please enter your name\./);
  await expect(start.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    /Please enter your e-mail address\./,
  );
  await expect(start.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toHaveCount(0);
});

test("the header says 'Log in' or 'My calendars' on every marketing page, on desktop and in the burger menu", async ({
  page,
  request,
}) => {
  const pages = ['/', '/green', '/terms', '/privacy'];
  // The prerendered HTML itself says 'Log in': the signed-in state is only read after load.
  expect(await (await request.get('/')).text()).toContain('>Log in</a>');

  for (const path of pages) {
    await page.goto(path);
    await expect(headerLink(page, 'Log in')).toHaveAttribute('href', '/login');
  }
  for (const path of ['/faq', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login');
  }

  await createVerifiedParent(page);
  for (const path of pages) {
    await page.goto(path);
    await expect(headerLink(page, 'My calendars')).toHaveAttribute('href', '/my_calendars');
  }
  for (const path of ['/faq', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'My calendars', exact: true })).toHaveAttribute(
      'href',
      '/my_calendars',
    );
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const menuLink = headerLink(page, 'My calendars');
  await expect(menuLink).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menuLink.click();
  await expect(page).toHaveURL('/my_calendars');
});

test('the desktop header keeps everything on one line from 1150 px up, signed in or not', async ({ page }) => {
  const checkHeader = async (accountLabel: string) => {
    for (const width of [1150, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(headerLink(page, accountLabel)).toBeVisible();
      const bar = await page.getByRole('banner').boundingBox();
      const cta = await page.getByRole('banner').getByRole('link', { name: 'Start The Calendar' }).boundingBox();
      expect(cta && bar && cta.x + cta.width <= bar.x + bar.width, `start button inside at ${width} px`).toBe(true);
      // Nothing sticks out sideways (no horizontal scrolling).
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(width);
    }
  };
  await checkHeader('Log in');
  await createVerifiedParent(page);
  await checkHeader('My calendars');
});
