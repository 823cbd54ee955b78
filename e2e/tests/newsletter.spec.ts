import { expect, test } from '@playwright/test';
import { findLink, uniqueEmail, waitForMail } from '../support/mailbox.ts';

test('newsletter journey: subscribe, confirmation e-mail, confirm link', async ({ page, request }) => {
  const email = uniqueEmail('newsletter');
  await page.goto('/join_us');
  await expect(page.getByRole('heading', { name: 'Start the Journey' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Subscribe to the newsletter' });
  await page.getByLabel(/e-?mail/i).fill(email);
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

  const mail = await waitForMail(request, email, 'Please confirm your Firstday subscription');
  await page.goto(findLink(mail, `${new URL(page.url()).origin}/api/emails/confirm`));
  await expect(page).toHaveURL('/join_us?confirmed=1');
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
});

test('newsletter refuses an invalid address inline', async ({ page }) => {
  await page.goto('/join_us');
  await page.getByLabel(/e-?mail/i).fill('not-an-address');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
  await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeHidden();
});
