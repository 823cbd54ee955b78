import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  type CreatedCalendar,
  createActiveCalendar,
  dayButton,
  fillContribution,
  GOOD_CARD,
  openAsVisitor,
} from '../support/calendars.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

/** The gifts the owner sees in their wishes, as the API answers them: minor units and currency. */
async function getOwnerGifts(owner: Page, calendar: CreatedCalendar) {
  const response = await owner.request.get(`/api/wishes?calendarId=${calendar.id}`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { name: string; giftAmount: number; currency: string }[] };
  return items.map(({ name, giftAmount, currency }) => ({ name, giftAmount, currency }));
}

/** Counts the contributions the visitor's page sends: none may leave before the amount is settled. */
function countContributionRequests(visitor: Page) {
  const sent = { count: 0 };
  visitor.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/public\/calendars\/[^/]+\/contributions$/.test(request.url())) {
      sent.count += 1;
    }
  });
  return sent;
}

async function openForm(visitor: Page, calendar: CreatedCalendar, guest: string) {
  await dayButton(visitor, addDays(calendar.dueDate, 1)).click();
  await fillContribution(visitor, { name: guest, email: uniqueEmail('guest'), wish: 'Welcome, little one!' });
  const dialog = visitor.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Other amount' }).check();
  return dialog;
}

async function fillCard(dialog: ReturnType<Page['getByRole']>, holder: string) {
  await dialog.getByLabel('Card number').fill(GOOD_CARD);
  await dialog.getByLabel('Cardholder name').fill(holder);
  await dialog.getByLabel('Expiry date').fill('12/35');
  await dialog.getByLabel('CVS').fill('123');
}

test('an English guest on a euro calendar types 37,50 and is charged €37.50, not €3,750', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const calendar = await createActiveCalendar(page, { currency: 'eur' });
  const visitor = await openAsVisitor(browser, calendar.slug);
  const email = uniqueEmail('lena');
  await dayButton(visitor, addDays(calendar.dueDate, 1)).click();
  await fillContribution(visitor, { name: 'Lena Berg', email, wish: 'Alles Gute!' });
  const dialog = visitor.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Other amount' }).check();

  const amount = dialog.getByLabel('Amount in euros');
  await amount.fill('37,50');
  await expect(amount).toHaveAccessibleDescription('You will pay €37.50.');
  const send = dialog.getByRole('button', { name: 'Send wish and €37.50' });
  await expect(send).toBeVisible();
  await fillCard(dialog, 'Lena Berg');
  // Leaving the field writes the amount the way the page reads it.
  await expect(amount).toHaveValue('37.50');
  await send.click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });
  await expect(dialog).toContainText('€37.50');

  const receipt = await waitForMail(visitor.request, email, 'Thank you for your wish and your gift');
  expect(receipt.text).toContain('Your gift: €37.50');
  expect(await getOwnerGifts(page, calendar)).toEqual([{ name: 'Lena Berg', giftAmount: 3750, currency: 'eur' }]);
  await visitor.context().close();
});

test('an ambiguous amount is asked about, and a large gift asks once more before the card is charged', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const calendar = await createActiveCalendar(page, { currency: 'eur' });
  const visitor = await openAsVisitor(browser, calendar.slug);
  const sent = countContributionRequests(visitor);
  const dialog = await openForm(visitor, calendar, 'Uncle Rich');
  await fillCard(dialog, 'Uncle Rich');

  // '3.750' on an English page in euros: thousands or decimals? The guest says.
  const amount = dialog.getByLabel('Amount in euros');
  await amount.fill('3.750');
  const readings = dialog.getByRole('group', { name: 'Which amount do you mean?' });
  await expect(readings.getByRole('button')).toHaveText(['€3,750.00', '€3.75']);
  await dialog.getByRole('button', { name: 'Send wish and gift' }).click();
  await expect(amount).toHaveAccessibleDescription(/Please choose which amount you mean\.$/);
  await expect(amount).toBeFocused();
  await readings.getByRole('button', { name: '€3,750.00' }).click();
  await expect(amount).toHaveValue('3750');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription('You will pay €3,750.');

  // Well above the usual gift: 'Send €3,750?' once more, in the dialog, reached by keyboard.
  await dialog.getByRole('button', { name: 'Send wish and €3,750' }).click();
  const question = dialog.getByText('Send €3,750?');
  await expect(question).toBeFocused();
  await expectNoSeriousAxeViolation(visitor, 'large gift question');
  await dialog.getByRole('button', { name: 'Change the amount' }).click();
  await expect(amount).toBeFocused();
  await expect(question).toBeHidden();
  expect(sent.count).toBe(0);

  await dialog.getByRole('button', { name: 'Send wish and €3,750' }).click();
  await expect(question).toBeFocused();
  await visitor.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, send €3,750' })).toBeFocused();
  expect(sent.count).toBe(0);
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });
  expect(sent.count).toBe(1);
  expect(await getOwnerGifts(page, calendar)).toEqual([{ name: 'Uncle Rich', giftAmount: 375_000, currency: 'eur' }]);
  await visitor.context().close();
});

test("'Other amount' chosen and left empty is an error at the field, not a wish without a gift", async ({
  page,
  browser,
}) => {
  const calendar = await createActiveCalendar(page, { currency: 'eur' });
  const visitor = await openAsVisitor(browser, calendar.slug);
  const sent = countContributionRequests(visitor);
  const dialog = await openForm(visitor, calendar, 'Cousin Quiet');
  await fillCard(dialog, 'Cousin Quiet');

  await dialog.getByRole('button', { name: 'Send wish and gift' }).click();
  const amount = dialog.getByLabel('Amount in euros');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/Please enter an amount in euros\.$/);
  await expect(amount).toBeFocused();
  await expectNoSeriousAxeViolation(visitor, 'empty other amount');

  await amount.fill('ten euros');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await dialog.getByRole('button', { name: 'Send wish and gift' }).click();
  await expect(amount).toHaveAccessibleDescription(/Please enter an amount like 37\.50\.$/);
  await amount.fill('$20');
  await dialog.getByRole('button', { name: 'Send wish and gift' }).click();
  await expect(amount).toHaveAccessibleDescription(/This calendar takes gifts in euros\.$/);
  expect(sent.count).toBe(0);
  expect(await getOwnerGifts(page, calendar)).toEqual([]);
  await visitor.context().close();
});
