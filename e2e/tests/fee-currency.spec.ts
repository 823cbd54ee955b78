import { expect, type Page, test } from '@playwright/test';
import { createVerifiedParent } from '../support/auth.ts';
import { createDraftCalendarAsSignedIn } from '../support/calendars.ts';
import { text } from '../support/catalogues.ts';
import { waitForMail } from '../support/mailbox.ts';

// One fee, one currency (issue 24): the $20 creation fee is 20 in the calendar's currency on every
// step and in the receipt, and 20 in the visitor's currency (by the page's language) on the
// marketing pages, written as each language writes amounts. Intl puts a no-break space in '20 €',
// which `\s` matches.

const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
/** A dollar amount of 20 however written: '$20', '20$', '20 $'. */
const TWENTY_DOLLARS = /\$\s?20(?!\d)|(?<![\d.,])20\s?\$/;

function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

function isoDateFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('the fee shown as €20 on every step of a euro calendar', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createVerifiedParent(page);
  await page.goto('/create_calendar');

  // Step 1: a German IBAN makes it a euro calendar; the euro choice names its fee, €20.
  await expect(stepHeading(page, 'Create Your Calendar')).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('radio', { name: 'Europe, Switzerland or the UK (IBAN)' }).check();
  await page.getByLabel('IBAN', { exact: true }).fill(GERMAN_IBAN);
  const euro = page.getByRole('radio', { name: /^Euro\b/ });
  await expect(euro).toBeChecked();
  await expect(euro).toHaveAccessibleName(/^Euro\s*€20$/);
  await page.getByRole('button', { name: 'Next Step' }).click();

  await expect(stepHeading(page, 'Customize Your Calendar')).toBeFocused();
  await page.getByLabel('Expected birth date').fill(isoDateFromToday(30));
  await page.getByRole('button', { name: 'Next Step' }).click();

  // Step 3: the plan's total, and no dollar anywhere on the step.
  await expect(stepHeading(page, 'Your Subscription Plan')).toBeFocused();
  await expect(page.getByText('€20', { exact: true })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(TWENTY_DOLLARS);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  // Step 4: the specification's words, in the calendar's currency; the wallet sheet charges the same.
  await expect(stepHeading(page, 'Payment')).toBeFocused();
  await expect(page.getByText('Only €20 for start', { exact: true })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(TWENTY_DOLLARS);
  await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  const appleSheet = page.getByRole('dialog', { name: 'Apple Pay' });
  await expect(appleSheet).toContainText('Total€20');
  await appleSheet.getByRole('button', { name: 'Confirm and pay €20' }).click();

  // Step 5, and the receipt: in euros, with the minor units a receipt shows.
  await expect(stepHeading(page, 'Welcome to Your Calendar!')).toBeVisible({ timeout: 30_000 });
  const receipt = await waitForMail(page.request, owner.email, 'Your Firstday calendar is active');
  expect(receipt.text).toContain('Amount: €20.00 (one-time creation fee)');
  expect(receipt.text).not.toMatch(/\$\s?20/);
});

test('step 4 writes the fee as each language writes amounts, in the calendar’s currency', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await createVerifiedParent(page);
  const origin = new URL(page.url()).origin;
  const expected = {
    en: /^Only €20 for start$/,
    de: /^Nur 20\s€ zum Start$/,
    ru: /^Всего 20\s€ для старта$/,
  } as const;
  const { id } = await createDraftCalendarAsSignedIn(page, { currency: 'eur' });
  for (const locale of ['en', 'de', 'ru'] as const) {
    const chosen = await page.request.put('/api/account/locale', { headers: { Origin: origin }, data: { locale } });
    expect(chosen.ok()).toBe(true);
    await page.goto(`/create_calendar?draft=${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(stepHeading(page, text(locale, 'calendars.wizard.titlePayment'))).toBeVisible();
    await expect(page.getByText(expected[locale])).toBeVisible();
    await expect(page.locator('main')).not.toContainText(TWENTY_DOLLARS);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/fee-step4-${locale}-390.png`, fullPage: true });
  }
});

test('German and Russian marketing pages price the fee in euros, English ones in dollars', async ({ page }) => {
  // German: the start page's perks, the landing page's first point and card, the terms.
  await page.goto('/de/join_us');
  await expect(page.getByText(/^Einmalig 20\s€ und kein Abzug von Geschenken$/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(TWENTY_DOLLARS);
  await page.goto('/de/');
  await expect(page.getByText(/in wenigen Minuten fertig, für einmalig 20\s€\.$/)).toBeVisible();
  await expect(page.getByText(/^Für einmalig 20\s€ und ohne Abzug/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(TWENTY_DOLLARS);
  await page.goto('/de/terms');
  await expect(page.locator('#fee')).toContainText(/einmalige Gebühr von 20\s€ pro Kalender/);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /Kalendergebühr von 20\s€,/);

  // Russian: the FAQ's answer and the page's description, the start page.
  await page.goto('/ru/faq');
  await expect(page.locator('#cost')).toContainText(/Создание календаря стоит 20\s€ — это разовый взнос/);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /разовый взнос 20\s€,/);
  await expect(page.locator('body')).not.toContainText(TWENTY_DOLLARS);
  await page.goto('/ru/join_us');
  await expect(page.getByText(/^Разовый взнос 20\s€ и никакой комиссии с подарков$/)).toBeVisible();

  // English keeps the specification's dollars.
  await page.goto('/join_us');
  await expect(page.getByText('A one-time fee of $20, and no cut of any gift', { exact: true })).toBeVisible();
  await page.goto('/faq');
  await expect(page.locator('#cost')).toContainText('a one-time fee of $20, paid once per calendar');
});
