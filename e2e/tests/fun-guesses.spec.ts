import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { addDays, createActiveCalendar, dayButton, fillContribution, openAsVisitor } from '../support/calendars.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';

/** The browser's day: the birth date input's upper limit is the creator's local today. */
function getLocalToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

async function sendWish(visitor: Page) {
  await visitor.getByRole('dialog').getByRole('button', { name: 'Send my wish' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });
}

const PHOTO_PATH = new URL('../fixtures/cover-photo.jpg', import.meta.url).pathname;

test('the owner asks for the time and the weight too; after the announcement the closest guesses show, just for fun', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const calendar = await createActiveCalendar(page);

  // Calendar Info: both switches on, saved with the rest of the page.
  await page.goto(`/my_calendars/${calendar.id}`);
  const group = page.getByRole('group', { name: 'Guessing for fun' });
  await expect(group).toContainText('no prize');
  const timeSwitch = group.getByRole('switch', { name: 'Guests can also guess the time of birth' });
  const weightSwitch = group.getByRole('switch', { name: 'Guests can also guess the weight' });
  await expect(timeSwitch).not.toBeChecked();
  await timeSwitch.check();
  await weightSwitch.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Calendar saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Guests can also guess the weight' })).toBeChecked();

  // A guest guesses in grams, just before midnight.
  const grandma = uniqueEmail('grandma');
  const visitor = await openAsVisitor(browser, calendar.slug);
  await dayButton(visitor, addDays(calendar.dueDate, -1)).click();
  const dialog = visitor.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: 'Just for fun (optional)' })).toBeVisible();
  await fillContribution(visitor, { name: 'Grandma Rose', email: grandma, wish: 'Welcome, little one!' });
  await dialog.getByLabel('Time of birth').fill('23:50');
  await dialog.getByRole('textbox', { name: 'Weight in grams' }).fill('3300');
  await expectNoSeriousAxeViolation(visitor, 'contribution dialog with fun guesses');
  await sendWish(visitor);
  await expect(visitor.getByText(/at 11:50 PM, weighing 3,300 g \(7 lb 4 oz\)/)).toBeVisible();
  await visitor.getByRole('button', { name: 'Back to the calendar' }).click();

  // Another guesses in pounds and ounces; an implausible weight is explained first.
  await dayButton(visitor, addDays(calendar.dueDate, 1)).click();
  await fillContribution(visitor, { name: 'Uncle Bob', email: uniqueEmail('uncle'), wish: 'Hello!' });
  await dialog.getByLabel('Time of birth').fill('01:00');
  await dialog.getByRole('radio', { name: 'lb + oz' }).check();
  await dialog.getByLabel('Pounds').fill('20');
  await dialog.getByRole('button', { name: 'Send my wish' }).click();
  await expect(dialog.getByText('Please enter a weight between 0 lb 11 oz and 15 lb 6 oz.')).toBeVisible();
  await expect(dialog.getByLabel('Pounds')).toBeFocused();
  await dialog.getByLabel('Pounds').fill('7');
  await dialog.getByLabel('Ounces').fill('10');
  await sendWish(visitor);
  await expect(visitor.getByText(/at 1:00 AM, weighing 3,459 g \(7 lb 10 oz\)/)).toBeVisible();
  await visitor.getByRole('button', { name: 'Back to the calendar' }).click();

  // The parents announce with the baby's name, time and weight.
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await card.getByRole('button', { name: 'More actions for Baby Parent' }).click();
  await page.getByRole('menuitem', { name: 'Complete fundraising' }).click();
  const announce = page.getByRole('dialog', { name: 'Announce the birth' });
  await announce.getByLabel('Birth date').fill(getLocalToday());
  await announce.getByLabel('Baby’s name').fill('Mia');
  await announce.getByLabel('Time of birth').fill('00:10');
  // A US-dollar calendar's birth weight starts in pounds; the parents weigh in grams.
  await expect(announce.getByRole('radio', { name: 'lb + oz' })).toBeChecked();
  await announce.getByRole('radio', { name: 'grams' }).check();
  await announce.getByRole('textbox', { name: 'Weight in grams' }).fill('3450');
  // The baby's photo, uploaded in the dialog.
  const photoField = announce.getByRole('group', { name: 'Baby’s photo' });
  await photoField.locator('input[type="file"]').setInputFiles(PHOTO_PATH);
  await expect(photoField.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  const thanks = `Thank you for guessing with us! ${Date.now()}`;
  await announce.getByLabel('Thank You to Our Supporters').fill(thanks);
  await expectNoSeriousAxeViolation(page, 'announce dialog with the baby');
  await announce.getByRole('button', { name: 'Announce & Receive Funds' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
  await expect(confirm).toContainText('at 12:10 AM');
  await expect(confirm).toContainText('Mia');
  await expect(confirm).toContainText('3,450 g (7 lb 10 oz)');
  await expect(confirm.getByRole('img', { name: 'Mia' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, announce' }).click();
  await expect(page.getByText(/The birth is announced/)).toBeVisible({ timeout: 20_000 });

  // The public page: the baby, and the closest guesses for the day, the time and the weight.
  await visitor.reload();
  const panel = visitor.getByRole('region', { name: 'The baby has arrived!' });
  await expect(panel.getByText('Welcome, Mia!')).toBeVisible();
  const babyPhoto = panel.getByRole('img', { name: 'Mia, just born' });
  await expect
    .poll(() => babyPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(panel).toContainText('at 12:10 AM');
  await expect(panel).toContainText('Weight: 3,450 g (7 lb 10 oz)');
  await expect(panel.getByText('Just for fun — no prize')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'The time of birth' })).toBeVisible();
  // Around midnight: 11:50 PM is 20 minutes from 12:10 AM, 1:00 AM is 50.
  await expect(panel.getByRole('listitem').filter({ hasText: 'guessed 11:50 PM' })).toHaveText(
    'Grandma Rose guessed 11:50 PM: 20 min off',
  );
  await expect(panel.getByRole('listitem').filter({ hasText: 'guessed 1:00 AM' })).toHaveCount(0);
  await expect(panel.getByRole('listitem').filter({ hasText: 'guessed 3,459 g' })).toHaveText(
    'Uncle Bob guessed 3,459 g (7 lb 10 oz): 9 g off',
  );
  await expect(panel.getByRole('listitem').filter({ hasText: 'guessed 3,300 g' })).toHaveCount(0);
  await expect(panel).not.toContainText('$');
  await expectNoSeriousAxeViolation(visitor, 'announced calendar with fun guesses');

  // The celebration e-mail carries the baby's details.
  const celebration = await waitForMail(page.request, grandma, 'The baby is here!');
  expect(celebration.text).toContain('Welcome, Mia! Born at 12:10 AM, weighing 3,450 g (7 lb 10 oz).');
  const photoUrl = /src="([^"]+\/images\/[^"]+\/640\.jpg)"/.exec(celebration.html)?.[1];
  expect(photoUrl).toBeDefined();
  const photo = await page.request.get(photoUrl!);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  await visitor.context().close();
});
