import { expect, type Page, test } from '@playwright/test';
import { createActiveCalendar, expectNoSeriousAxeViolation } from '../support/calendars.ts';

// The parents' payout checklist in the sandbox (issue 24): the identity check asked after the fee,
// the sandbox's onboarding page with Stripe's test values (a document asked, then passed), and the
// checklist moving to 'Ready to receive your gifts'.

function checklist(page: Page) {
  return page.getByRole('region', { name: 'Receiving your gifts' });
}

function step(page: Page, label: string) {
  return checklist(page).getByRole('listitem').filter({ hasText: label });
}

test('the readiness checklist moves to Ready once the parent confirms their identity in the sandbox', async ({
  page,
}) => {
  const calendar = await createActiveCalendar(page);
  // The payout recipient is made in the background after the fee: wait until the sandbox asks.
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/calendars/${calendar.id}/payout-readiness`);
      return ((await response.json()) as { identity: string }).identity;
    })
    .toBe('needed');

  await page.goto(`/my_calendars/${calendar.id}`);
  await expect(checklist(page)).toBeVisible();
  await expect(step(page, 'Fee paid')).toContainText('Done');
  await expect(step(page, 'Bank account')).toContainText('Done');
  await expect(step(page, 'Identity confirmed')).toContainText('To do');
  await expect(step(page, 'Ready to receive your gifts')).toContainText('Not yet');
  await expect(checklist(page).getByRole('status')).toContainText(
    'Stripe needs your date of birth, your home address, and your ID number.',
  );
  await expectNoSeriousAxeViolation(page, 'calendar info with the payout checklist');

  await checklist(page).getByRole('button', { name: 'Confirm your identity' }).click();
  await expect(page).toHaveURL(/\/sandbox_onboarding\?account=sbx_acct_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your identity' })).toBeVisible();
  await expect(page.getByText('ID number 111111111: Stripe asks for a photo of an ID document next.')).toBeVisible();
  await expect(page.getByText('Date of birth 1900-01-01: rejected.')).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'sandbox onboarding');

  // The test value that asks for a document, then an unreadable and a readable test document.
  await page.getByLabel('Date of birth').fill('1901-01-01');
  await page.getByLabel('Street and number').fill('address_full_match');
  await page.getByLabel('Postal code').fill('10115');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('ID number').fill('111111111');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'A photo of your ID document' })).toBeVisible();
  await page.getByLabel('An unreadable document (file_identity_document_failure)').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('The document could not be read. Please choose another.');

  // Meanwhile the calendar's checklist names the document.
  const api = await page.request.get(`/api/calendars/${calendar.id}/payout-readiness`);
  expect(await api.json()).toMatchObject({ needs: ['id_document'], ready: false });

  await page.getByLabel('A readable document (file_identity_document_success)').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Your identity is confirmed.');
  await page.getByRole('link', { name: 'Back to my calendar' }).click();

  await expect(page).toHaveURL(new RegExp(`/my_calendars/${calendar.id}$`));
  await expect(step(page, 'Identity confirmed')).toContainText('Done');
  await expect(step(page, 'Ready to receive your gifts')).toContainText('Done');
  await expect(checklist(page).getByRole('status')).toHaveText(
    'All set: the gifts are paid out to your bank when you announce the birth.',
  );
});
