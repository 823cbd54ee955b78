import { expect, test } from '@playwright/test';
import { createVerifiedAccount } from '../support/auth.ts';
import { holdScripts } from '../support/hold-scripts.ts';

// The sign-in page paints before its scripts run (decision 035): what is typed and sent in that
// moment is kept and sent once they run. The scripts are held back here until after the send.
test('a sign-in sent before the page has started goes through once it has', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  release();
  await expect(page).toHaveURL('/my_calendars', { timeout: 20_000 });
});
