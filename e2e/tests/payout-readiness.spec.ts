import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { addDays, contribute, createActiveCalendar, GOOD_CARD, openAsVisitor } from '../support/calendars.ts';
import { uniqueEmail } from '../support/mailbox.ts';

// The parents' payout checklist in the sandbox (issue 24): the identity check asked after the fee,
// the sandbox's onboarding page with Stripe's test values (a document asked, then passed), and the
// checklist moving to 'Ready to receive your gifts'.

function checklist(page: Page) {
  return page.getByRole('region', { name: 'Receiving your gifts' });
}

/** Waits until the payout recipient, made in the background after the fee, is asked for the identity check. */
async function waitForIdentityCheck(page: Page, calendarId: string) {
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/calendars/${calendarId}/payout-readiness`);
      return ((await response.json()) as { identity: string }).identity;
    })
    .toBe('needed');
}

function step(page: Page, label: string) {
  return checklist(page).getByRole('listitem').filter({ hasText: label });
}

test('the readiness checklist moves to Ready once the parent confirms their identity in the sandbox', async ({
  page,
}) => {
  const calendar = await createActiveCalendar(page);
  await waitForIdentityCheck(page, calendar.id);

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

test('after the announcement the payout shows as paused because of the identity check, then on its way and paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page);
  await waitForIdentityCheck(page, calendar.id);
  const origin = new URL(page.url()).origin;
  // The sandbox asks for a document (ID number 111111111): payouts are off until it is given.
  const link = await page.request.post(`/api/calendars/${calendar.id}/payout-onboarding`, {
    headers: { Origin: origin },
    data: {},
  });
  const account = new URL(((await link.json()) as { url: string }).url).searchParams.get('account');
  const asked = await page.request.post('/api/payouts/sandbox-onboarding', {
    headers: { Origin: origin },
    data: {
      step: 'details',
      account,
      dateOfBirth: '1901-01-01',
      addressLine1: 'address_full_match',
      postalCode: '10115',
      city: 'Berlin',
      idNumber: '111111111',
    },
  });
  expect(await asked.json()).toEqual({ identity: 'needed', needs: ['id_document'] });

  const visitor = await openAsVisitor(browser, calendar.slug);
  await contribute(visitor, {
    date: addDays(calendar.dueDate, -1),
    name: 'Grandma Rose',
    email: uniqueEmail('grandma'),
    wish: 'Welcome!',
    card: GOOD_CARD,
  });
  await visitor.close();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/calendars/${calendar.id}`);
      return ((await response.json()) as { raisedAmount: number }).raisedAmount;
    })
    .toBe(2500);
  const announced = await page.request.post(`/api/calendars/${calendar.id}/announce`, {
    headers: { Origin: origin },
    data: { birthDate: new Date().toISOString().slice(0, 10), thankYouMessage: 'Thank you!' },
  });
  expect(announced.ok()).toBe(true);

  await page.goto(`/my_calendars/${calendar.id}`);
  const progress = checklist(page).getByTestId('payout-progress');
  await expect(progress).toHaveText('Payout: $25 is paused because Stripe still needs to confirm your identity.', {
    timeout: 20_000,
  });
  await expect(checklist(page).getByRole('status')).toContainText('Stripe needs a photo of your ID document.');

  // The sandbox's page opens on what is due: the document.
  await checklist(page).getByRole('button', { name: 'Confirm your identity' }).click();
  await expect(page).toHaveURL(/\/sandbox_onboarding\?.*step=document/);
  await page.getByLabel('A readable document (file_identity_document_success)').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Your identity is confirmed.');
  await page.getByRole('link', { name: 'Back to my calendar' }).click();

  // Released at once; the sandbox's bank pays it a moment later and the page follows.
  await expect(progress).toHaveText(/^Payout: \$25 (is on its way to your bank|paid on .+)\.$/);
  await expect(progress).toHaveText(/^Payout: \$25 paid on .+\.$/, { timeout: 30_000 });
});
