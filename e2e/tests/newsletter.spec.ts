import { expect, test } from '@playwright/test';
import { isHydrated } from '../support/calendars.ts';
import { holdScripts } from '../support/hold-scripts.ts';
import { findLink, uniqueEmail, waitForMail } from '../support/mailbox.ts';

test('newsletter journey: subscribe, confirmation e-mail, confirm link', async ({ page, request }) => {
  const email = uniqueEmail('newsletter');
  await page.goto('/join_us');
  await expect(page.getByRole('heading', { name: 'Start the Journey' })).toBeVisible();
  // The second choice on the page, below the sign-up.
  const newsletter = page.getByRole('region', { name: 'Newsletter' });
  await expect(newsletter).toContainText('Not ready to start yet?');
  const submit = newsletter.getByRole('button', { name: 'Subscribe to the newsletter' });
  await newsletter.getByLabel('E-mail address').fill(email);
  await expect(submit).toBeDisabled();
  await newsletter.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

  const mail = await waitForMail(request, email, 'Please confirm your Firstday subscription');
  await page.goto(findLink(mail, `${new URL(page.url()).origin}/api/emails/confirm`));
  await expect(page).toHaveURL('/join_us?confirmed=1');
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
  // Subscribed: the page no longer offers the newsletter, but still the way to start.
  await expect(page.getByRole('region', { name: 'Newsletter' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('newsletter refuses an invalid address inline', async ({ page }) => {
  await page.goto('/join_us');
  const newsletter = page.getByRole('region', { name: 'Newsletter' });
  await newsletter.getByLabel('E-mail address').fill('not-an-address');
  await newsletter.getByRole('checkbox').check();
  await newsletter.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
  await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeHidden();
});

test('a box ticked before the page has started still counts once it has', async ({ page }) => {
  // Until the visitor has typed and ticked (the scripts start after the first paint).
  const release = await holdScripts(page);
  await page.goto('/join_us', { waitUntil: 'domcontentloaded' });
  const newsletter = page.getByRole('region', { name: 'Newsletter' });
  await newsletter.getByLabel('E-mail address').fill('not-an-address');
  await newsletter.getByRole('checkbox').check();
  release();
  await expect.poll(() => isHydrated(page), { timeout: 20_000 }).toBe(true);
  await expect(newsletter.getByRole('checkbox')).toBeChecked();
  await newsletter.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
  await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
});
