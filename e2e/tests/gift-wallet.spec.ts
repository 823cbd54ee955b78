import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { addDays, createActiveCalendar, dayButton, fillContribution, openAsVisitor } from '../support/calendars.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

test('a gift paid with a wallet waits for the sheet to be confirmed, and the creator hears of it at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const calendar = await createActiveCalendar(page);
  const visitor = await openAsVisitor(browser, calendar.slug);
  await dayButton(visitor, addDays(calendar.dueDate, 1)).click();
  await fillContribution(visitor, { name: 'Tom Baker', email: uniqueEmail('tom'), wish: 'Sleep well, little one' });
  const form = visitor.getByRole('dialog', { name: /./ }).first();
  await form.getByRole('radio', { name: '$25' }).check();

  const applePay = form.getByRole('button', { name: 'Pay with Apple Pay' });
  await applePay.click();
  const sheet = visitor.getByRole('dialog', { name: 'Apple Pay' });
  await expect(sheet).toContainText('Your gift');
  await expect(sheet).toContainText('Total$25');
  await expectNoSeriousAxeViolation(visitor, 'wallet sheet');
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await expect(applePay).toBeFocused();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeHidden();

  await applePay.click();
  await sheet.getByRole('button', { name: 'Confirm and pay $25' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });

  const mail = await waitForMail(page.request, calendar.owner.email, '“Tom Baker” sent $25.00 and a wish');
  expect(mail.text).toContain('“Sleep well, little one”');
  expect(mail.html).toContain('/email/header.png');
});
