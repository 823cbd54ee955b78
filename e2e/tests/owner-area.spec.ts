import { expect, type Page, test } from '@playwright/test';
import { createVerifiedParent, DEFAULT_PASSWORD } from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  contribute,
  createActiveCalendar,
  createActiveCalendarAsSignedIn,
  GOOD_CARD,
  openAsVisitor,
  waitForHydration,
} from '../support/calendars.ts';
import { uniqueEmail } from '../support/mailbox.ts';

const MASKED_IBAN = 'DE89 •••• •••• •••• 3000';

/** Another active calendar of the signed-in account, renamed so the two can be told apart. */
async function createNamedCalendar(page: Page, title: string) {
  const calendar = await createActiveCalendarAsSignedIn(page);
  const origin = new URL(page.url()).origin;
  const renamed = await page.request.patch(`/api/calendars/${calendar.id}`, {
    headers: { Origin: origin },
    data: { title },
  });
  expect(renamed.ok()).toBe(true);
  return calendar;
}

test("the page-level 'Announce & Receive Funds' says why it cannot announce, then asks which calendar", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await createVerifiedParent(page);
  const first = await createNamedCalendar(page, 'First baby');
  await createNamedCalendar(page, 'Second baby');

  // Nobody has joined either calendar: the button is there but explains why it does nothing.
  await page.goto('/my_calendars');
  const announce = page.getByRole('button', { name: 'Announce & Receive Funds' });
  await expect(announce).toHaveAttribute('aria-disabled', 'true');
  await expect(announce).toHaveAccessibleDescription(/^Nobody has joined your calendars yet/);
  // aria-disabled keeps it focusable (the reason is read with it), so a click must do nothing.
  await announce.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // One guess on the first calendar.
  const visitor = await openAsVisitor(browser, first.slug);
  await contribute(visitor, {
    date: addDays(first.dueDate, -1),
    name: 'Grandma Rose',
    email: uniqueEmail('grandma'),
    wish: 'Welcome!',
  });
  await visitor.context().close();

  await page.reload();
  await expect(announce).not.toHaveAttribute('aria-disabled');
  await announce.click();
  const chooser = page.getByRole('dialog', { name: 'Which calendar is the announcement for?' });
  const firstChoice = chooser.getByRole('radio', { name: 'First baby' });
  const secondChoice = chooser.getByRole('radio', { name: 'Second baby' });
  await expect(firstChoice).toBeChecked();
  await expect(firstChoice).toBeFocused();
  await expect(secondChoice).toBeDisabled();
  await expect(secondChoice).toHaveAccessibleDescription(/0 participants .*Not available: Nobody has joined it yet/);
  await expectNoSeriousAxeViolation(page, 'announce chooser');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(chooser).toBeVisible();
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Cancel gives focus back to the page's button; Continue opens the announcement of the chosen one.
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await expect(chooser).toBeHidden();
  await expect(announce).toBeFocused();
  await announce.click();
  await chooser.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Announce the birth' });
  await expect(dialog).toContainText('For First baby.');
  await expect(dialog.getByLabel('Birth date')).toBeFocused();
});

test("a single calendar nobody has joined cannot be announced from the page's button, with the reason", async ({
  page,
}) => {
  await createActiveCalendar(page);
  await page.goto('/my_calendars');
  const announce = page.getByRole('button', { name: 'Announce & Receive Funds' });
  await expect(announce).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('“Baby Parent”: Nobody has joined it yet')).toBeVisible();
  // aria-disabled keeps it focusable (the reason is read with it), so a click must do nothing.
  await announce.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a closed calendar's Calendar Info is read-only under a 'Closed on …' banner that says what happens next", async ({
  page,
}) => {
  const calendar = await createActiveCalendar(page);
  const origin = new URL(page.url()).origin;
  const closed = await page.request.post(`/api/calendars/${calendar.id}/close`, {
    headers: { Origin: origin },
    data: { gifts: 'pay_out', notifyParticipants: false },
  });
  expect(closed.ok()).toBe(true);

  await page.goto(`/my_calendars/${calendar.id}`);
  const banner = page.getByRole('region', { name: /^Closed on / });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { level: 2 })).toHaveText(/^Closed on /);
  await expect(banner).toContainText('You closed it without a celebration');
  await expect(banner).toContainText('can no longer be changed');
  await expect(banner.getByRole('list', { name: 'What happens next' })).toContainText(
    'No gifts to pay out. There is nothing left to do.',
  );
  await expect(banner.getByRole('list', { name: 'What happens next' })).toContainText('No notice was sent.');

  for (const field of ['Calendar Name', 'Expected Birth Date', 'IBAN', 'Hide sender names on Calendar']) {
    await expect(page.getByLabel(field, { exact: true })).toBeDisabled();
  }
  await expect(page.getByRole('radio', { name: 'Pink Blossom' })).toBeDisabled();
  await expect(page.getByLabel('Calendar Name')).toHaveValue('Baby Parent');
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue(MASKED_IBAN);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to list' })).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'closed calendar info');

  // The server refuses an edit all the same.
  const refused = await page.request.patch(`/api/calendars/${calendar.id}`, {
    headers: { Origin: origin },
    data: { title: 'Renamed' },
  });
  expect(refused.status()).toBe(409);
});

test('the parents choose in advance what happens to the gifts if the birth is never announced', async ({ page }) => {
  const calendar = await createActiveCalendar(page);
  await page.goto(`/my_calendars/${calendar.id}`);
  const section = page.getByRole('region', { name: 'If the birth is not announced' });
  // Seven weeks after the due date (decision 026), written as the page's language writes dates.
  const endsOn = new Date(`${addDays(calendar.dueDate, 49)}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  await expect(section).toContainText(`by ${endsOn}, we end it for you on that day`);
  await expect(section.getByRole('radio', { name: 'Pay out the gifts to me' })).toBeChecked();
  // A click, not check(): the radio follows the saving choice a moment after the click, not within it.
  await section.getByRole('radio', { name: 'Refund every gift to its giver' }).click();
  await expect(section.getByRole('radio', { name: 'Refund every gift to its giver' })).toBeChecked();
  await expect(section.getByRole('status')).toHaveText('Your choice is saved.');
  await expectNoSeriousAxeViolation(page, 'Calendar Info, end schedule');
  await page.reload();
  await expect(section.getByRole('radio', { name: 'Refund every gift to its giver' })).toBeChecked();
});

test('leaving Calendar Info or Settings with unsaved changes asks first', async ({ page }) => {
  const calendar = await createActiveCalendar(page);
  await page.goto(`/my_calendars/${calendar.id}`);
  // Calendar Info paints before its scripts run (decision 040): as on Settings below, the question
  // comes once the page runs.
  await waitForHydration(page);
  const name = page.getByLabel('Calendar Name');
  await expect(name).toHaveValue('Baby Parent');

  // Untouched: leaving does not ask.
  await page.getByRole('main').getByRole('link', { name: 'Back to list' }).click();
  await expect(page).toHaveURL(/\/my_calendars$/);
  await page.goBack();

  await name.fill('Our little star');
  await page.getByRole('main').getByRole('link', { name: 'Back to list' }).click();
  const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(prompt.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expectNoSeriousAxeViolation(page, 'unsaved changes prompt');
  await prompt.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/my_calendars/${calendar.id}$`));
  await expect(name).toHaveValue('Our little star');

  // Escape stays too; the browser's history buttons are held like a link (Forward: Back would leave the app).
  // (history.forward(): page.goForward() would wait for a navigation the blocker holds.)
  await page.evaluate('history.forward()');
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/my_calendars/${calendar.id}$`));

  // Closing the tab gets the browser's own question.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await question;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.dismiss();
  expect(page.isClosed()).toBe(false);

  // Saved changes leave without a question; unsaved ones can be dropped.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Calendar saved.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to list' }).click();
  await expect(page).toHaveURL(/\/my_calendars$/);
  await expect(prompt).toHaveCount(0);

  await page.goto('/settings');
  // Settings paints before its scripts run (decision 036): a link followed before then is the
  // browser's own, which nothing can hold. The question comes once the page runs.
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('link', { name: 'My calendars' }).first().click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/my_calendars$/);
  await page.goto('/settings');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Parent');
});

test('Settings shows where the calendars pay out, examples never look saved, and a refused IBAN goes back to the saved one', async ({
  page,
}) => {
  await createActiveCalendar(page);
  await page.goto('/settings');
  const iban = page.getByLabel('IBAN', { exact: true });

  // The first calendar's bank account became the account's too, so Settings shows it saved.
  await expect(iban).toHaveValue(MASKED_IBAN);
  // Emptied and saved, the account has none: an empty field with an example that reads as one,
  // and the calendar's own IBAN below.
  await iban.fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings are saved.')).toBeVisible();
  await expect(iban).toHaveValue('');
  await expect(iban).toHaveAttribute('placeholder', /^e\.g\. /);
  const payouts = page.getByRole('region', { name: 'Your calendars are paid out to' });
  await expect(payouts.getByRole('listitem')).toHaveCount(1);
  await expect(payouts.getByRole('listitem')).toContainText('Baby Parent');
  await expect(payouts.getByRole('listitem')).toContainText(MASKED_IBAN);

  // Save one on the account, confirmed with the password.
  await iban.fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the new bank account' });
  await confirm.getByLabel('Your password').fill(DEFAULT_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm change' }).click();
  // The masked IBAN shows once this save is done (the first save's message may still be there).
  await expect(iban).toHaveValue(MASKED_IBAN);
  await expect(page.getByText('Your settings are saved.').first()).toBeVisible();
  const revert = page.getByRole('button', { name: `Revert to the saved IBAN (${MASKED_IBAN})` });
  await expect(revert).toHaveCount(0);

  // A mistyped IBAN is refused inline; one click brings the saved one back.
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(iban).toHaveAccessibleDescription(/This IBAN is not valid/);
  await revert.click();
  await expect(iban).toHaveValue(MASKED_IBAN);
  await expect(iban).not.toHaveAttribute('aria-invalid');
  await expect(iban).toBeFocused();
  await expect(revert).toHaveCount(0);
  // Back to what is saved: nothing to ask when leaving.
  await page.getByRole('link', { name: 'My calendars' }).first().click();
  await expect(page).toHaveURL(/\/my_calendars$/);
});

test("Investments illustrates what the calendar's real gifts could grow into", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await createVerifiedParent(page);
  const calendar = await createActiveCalendarAsSignedIn(page);

  await page.goto('/investments');
  await expect(page.getByRole('heading', { name: 'What your gifts could grow into' })).toBeVisible();

  const visitor = await openAsVisitor(browser, calendar.slug);
  await contribute(visitor, {
    date: addDays(calendar.dueDate, 1),
    name: 'Uncle Tom',
    email: uniqueEmail('tom'),
    wish: 'For your first bike!',
    card: GOOD_CARD,
  });
  await visitor.context().close();

  await page.reload();
  const illustration = page.getByRole('region', { name: 'Your $25 at 8% a year could be …' });
  // $25 × 1.08^5 = $36.73, × 1.08^18 = $99.90.
  await expect(illustration.getByRole('listitem').first()).toHaveText('$37at 5 years old');
  await expect(illustration.getByRole('listitem').last()).toHaveText('$100at 18 years old');
  await expect(illustration).toContainText('capital is at risk');
  await expect(illustration).toContainText('past returns do not predict future ones');
  await expect(illustration).toContainText('not financial advice');
});
