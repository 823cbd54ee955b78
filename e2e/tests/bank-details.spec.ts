import { expect, type Page, test } from '@playwright/test';
import { createVerifiedParent } from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  contribute,
  createActiveCalendar,
  createActiveCalendarAsSignedIn,
  GOOD_CARD,
  openAsVisitor,
  waitForHydration,
} from '../support/calendars.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

const NEW_IBAN = 'GB29 NWBK 6016 1331 9268 19';
const NEW_MASKED = 'GB29 •••• •••• •••• 6819';
const OLD_MASKED = 'DE89 •••• •••• •••• 3000';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

async function openIbanDialog(page: Page, iban: string) {
  await page.getByLabel('IBAN', { exact: true }).fill(iban);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the new bank account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a new IBAN on Calendar Info is confirmed with the password, e-mailed at once, and holds the payout for 24 hours', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page);
  const visitor = await openAsVisitor(browser, calendar.slug);
  await contribute(visitor, {
    date: calendar.dueDate,
    name: 'Grandma Rose',
    email: uniqueEmail('grandma'),
    wish: 'Hi!',
    card: GOOD_CARD,
  });

  await page.goto(`/my_calendars/${calendar.id}`);
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(OLD_MASKED);

  // Cancel changes nothing, and focus goes back to where it was.
  let dialog = await openIbanDialog(page, NEW_IBAN);
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeFocused();

  dialog = await openIbanDialog(page, NEW_IBAN);
  await expect(dialog).toContainText(`The gifts of “Baby Parent” will be paid out to ${NEW_MASKED}.`);
  await expect(dialog).toContainText('We e-mail you about this change right away.');
  await expect(dialog).toContainText('this calendar’s payout waits 24 hours after the change');
  await expectNoSeriousAxeViolation(page, 'IBAN-change dialog');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/iban-dialog-1440.png` });

  const password = dialog.getByLabel('Your password');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(password).toHaveAccessibleDescription(/Please enter your password to confirm\./);
  await password.fill('not my password');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/The password is not correct\./);
  await expect(password).toBeFocused();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/iban-dialog-error-1440.png` });

  await password.fill(calendar.owner.password);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Calendar saved.')).toBeVisible();
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(NEW_MASKED);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeFocused();

  const mail = await waitForMail(page.request, calendar.owner.email, 'The bank account for your payouts was changed');
  expect(mail.text).toContain(`from ${OLD_MASKED} to ${NEW_MASKED}`);
  expect(mail.text).toContain('payout waits until');
  expect(mail.text).toContain("If this wasn't you");

  // The birth is announced at once: the card says the payout waits, and until when.
  const origin = new URL(page.url()).origin;
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const announced = await page.request.post(`/api/calendars/${calendar.id}/announce`, {
    headers: { Origin: origin },
    data: { birthDate: today, thankYouMessage: 'Thank you!' },
  });
  expect(announced.ok()).toBe(true);
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await expect(card).toContainText(
    /Payout of \$25 on hold until \w+ \d+, \d{4} at \d+:\d{2} [AP]M because the bank account was changed\./,
  );
  if (SCREENSHOTS) await card.screenshot({ path: `${SCREENSHOTS}/held-card-1440.png` });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the IBAN-change dialog fits and works', async ({ page }) => {
    const calendar = await createActiveCalendar(page);
    await page.goto(`/my_calendars/${calendar.id}`);
    const dialog = await openIbanDialog(page, NEW_IBAN);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(dialog.getByRole('button', { name: 'Confirm change' })).toBeInViewport();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/iban-dialog-390.png` });
    await dialog.getByLabel('Your password').fill(calendar.owner.password);
    await dialog.getByRole('button', { name: 'Confirm change' }).click();
    await expect(page.getByText('Calendar saved.')).toBeVisible();
    await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(NEW_MASKED);
  });
});

/**
 * An account without a password (federated sign-in only) confirms by signing in again when its
 * sign-in is older than 10 minutes. The e2e run cannot wait that long, so the server's first answer
 * (403 reauthentication_required) is simulated; the sign-in again and the save are real.
 */
test('an account without a password signs in again to confirm a new IBAN', async ({ page, request }) => {
  const config = (await (await request.get('/api/config')).json()) as { federatedProvider: { name: string } | null };
  // The e2e stack always runs a local OpenID Connect provider (e2e/support/start-stack.ts).
  expect(config.federatedProvider).not.toBeNull();
  const providerName = config.federatedProvider!.name;
  const login = uniqueEmail('federated');
  const signIn = async (button: ReturnType<Page['getByRole']>) => {
    const popupPromise = page.waitForEvent('popup');
    await button.click();
    const popup = await popupPromise;
    await popup.locator('input[name="login"]').fill(login);
    await popup.locator('input[name="password"]').fill('any-password');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);
  };

  await page.goto('/login');
  await signIn(page.getByRole('button', { name: `Continue with ${providerName}` }));
  // A new account's first sign-in continues into the wizard.
  await expect(page).toHaveURL('/create_calendar', { timeout: 20_000 });
  const calendar = await createActiveCalendarAsSignedIn(page);

  let refused = 0;
  await page.route(`**/api/calendars/${calendar.id}`, async (route) => {
    if (route.request().method() !== 'PATCH' || refused > 0) return route.fallback();
    refused++;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'reauthentication_required', message: 'For your safety, please sign in again to confirm this.' },
      }),
    });
  });

  await page.goto(`/my_calendars/${calendar.id}`);
  // KNOWN BUG, open (stop 37 note): under the full suite's load, an IBAN typed and Save tapped while
  // Calendar Info hydrates sometimes opens no confirmation (2 of 3 full runs, this test only). Until
  // it is found, this test waits for the page to run; its subject is the sign-in again.
  await waitForHydration(page);
  const dialog = await openIbanDialog(page, NEW_IBAN);
  await expect(dialog.getByLabel('Your password')).toHaveCount(0);
  await expect(dialog).toContainText(
    'If you signed in more than 10 minutes ago, we will ask you to sign in again first.',
  );
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('For your safety, please sign in again to confirm this change.');
  await expect(dialog.getByRole('button', { name: 'Confirm change' })).toHaveCount(0);
  await expectNoSeriousAxeViolation(page, 'IBAN-change dialog, sign in again');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/iban-dialog-federated-1440.png` });

  // The provider still knows the browser from the first sign-in: its popup closes by itself.
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: `Sign in again with ${providerName}` }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Calendar saved.')).toBeVisible();
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(NEW_MASKED);
  expect(refused).toBe(1);
});

test('a new IBAN in Account Settings is confirmed with the password and e-mailed at once', async ({ page }) => {
  const owner = await createVerifiedParent(page);
  await page.goto('/settings');
  await page.getByLabel('IBAN', { exact: true }).fill(NEW_IBAN);
  await page.getByRole('button', { name: 'Save settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the new bank account' });
  await expect(dialog).toContainText(`New calendars will be paid out to ${NEW_MASKED}.`);
  await expect(dialog).toContainText('Calendars you already have keep their own bank account.');
  await expect(dialog).not.toContainText('24 hours');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-dialog-1440.png` });
  await dialog.getByLabel('Your password').fill(owner.password);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(page.getByText('Your settings are saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeFocused();
  const mail = await waitForMail(page.request, owner.email, 'The bank account for your payouts was changed');
  expect(mail.text).toContain(`The bank account in your account settings was changed to ${NEW_MASKED}`);
});

// Issue 24: a US parent's calendar shows its account as a US bank writes it, and takes a new one.
test('a US parent replaces the bank account on Calendar Info: masked, confirmed with the password, e-mailed', async ({
  page,
}) => {
  const US_MASKED = 'US ••••6789 (routing 110000000)';
  const NEW_US_MASKED = 'US ••••4321 (routing 110000000)';
  const calendar = await createActiveCalendar(page, {
    bank: { routingNumber: '110000000', accountNumber: '000123456789' },
  });
  await page.goto(`/my_calendars/${calendar.id}`);
  await expect(page.getByRole('radio', { name: 'United States (routing and account number)' })).toBeChecked();
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Routing number', { exact: true })).toHaveValue('110000000');
  const accountNumber = page.getByLabel('Account number', { exact: true });
  await expect(accountNumber).toHaveValue('••••6789');
  await expect(accountNumber).toHaveAccessibleDescription(/we show only its last four digits/);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/us-calendar-info-1440.png`, fullPage: true });

  // The masked digits are not a number: a new routing number alone is refused on the account number.
  await page.getByLabel('Routing number', { exact: true }).fill('021000021');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(accountNumber).toHaveAccessibleDescription(/Please enter the whole account number/);
  await page.getByRole('button', { name: `Revert to the saved bank account (${US_MASKED})` }).click();
  await expect(page.getByLabel('Routing number', { exact: true })).toHaveValue('110000000');

  // Typing replaces the masked number at once.
  await accountNumber.click();
  await page.keyboard.type('000987654321');
  await expect(accountNumber).toHaveValue('000987654321');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the new bank account' });
  await expect(dialog).toContainText(`The gifts of “Baby Parent” will be paid out to ${NEW_US_MASKED}.`);
  await expect(dialog).toContainText('this calendar’s payout waits 24 hours after the change');
  await expectNoSeriousAxeViolation(page, 'US bank account dialog');
  await dialog.getByLabel('Your password').fill(calendar.owner.password);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(page.getByText('Calendar saved.')).toBeVisible();
  await expect(accountNumber).toHaveValue('••••4321');
  const mail = await waitForMail(page.request, calendar.owner.email, 'The bank account for your payouts was changed');
  expect(mail.text).toContain(`from ${US_MASKED} to ${NEW_US_MASKED}`);
  expect(mail.text).not.toContain('987654321');

  // An IBAN in its place: the calendar then shows the IBAN field with the masked IBAN.
  await page.getByRole('radio', { name: 'Europe, Switzerland or the UK (IBAN)' }).check();
  await page.getByLabel('IBAN', { exact: true }).fill(NEW_IBAN);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toContainText(`will be paid out to ${NEW_MASKED}.`);
  await dialog.getByLabel('Your password').fill(calendar.owner.password);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(NEW_MASKED);
});
