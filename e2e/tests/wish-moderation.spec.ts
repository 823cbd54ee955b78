import { expect, type Page, test } from '@playwright/test';
import { createVerifiedParent } from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  contribute,
  createActiveCalendarAsSignedIn,
  openAsVisitor,
  waitForHydration,
} from '../support/calendars.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/** A parent's active calendar with a rude wish and a kind one, sent by a guest through the page. */
async function createCalendarWithWishes(page: Page, browser: Parameters<typeof openAsVisitor>[0]) {
  await createVerifiedParent(page);
  const calendar = await createActiveCalendarAsSignedIn(page);
  const guest = await openAsVisitor(browser, calendar.slug);
  await contribute(guest, {
    date: addDays(calendar.dueDate, -2),
    name: 'Rude Prankster',
    email: uniqueEmail('prank'),
    wish: 'Something rude',
  });
  await guest.reload();
  await waitForHydration(guest);
  await contribute(guest, {
    date: addDays(calendar.dueDate, 1),
    name: 'Kind Friend',
    email: uniqueEmail('kind'),
    wish: 'All the best to you three',
  });
  await guest.reload();
  await waitForHydration(guest);
  await expect(guest.getByText('Something rude')).toBeVisible();
  return { calendar, guest };
}

test('the owner hides a wish in the inbox and a guest no longer sees it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { guest } = await createCalendarWithWishes(page, browser);

  await page.goto('/wishes');
  const card = page.getByRole('article').filter({ hasText: 'From Rude Prankster' });
  await card.getByRole('button', { name: 'Open' }).click();
  const opened = page.getByRole('article', { name: 'Rude Prankster' });
  await expect(opened).toContainText('Something rude');
  const hide = opened.getByRole('button', { name: 'Hide from page' });
  await expect(hide).toHaveAccessibleDescription('Rude Prankster');
  await hide.click();
  await expect(opened.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Show on page' })).toBeVisible();
  await expect(
    page.getByText('Hidden from your calendar’s page. It stays in your wishes and your export.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'inbox with a hidden wish');

  await page.setViewportSize({ width: 390, height: 900 });
  // Scrolled to, the button is whole on a phone: nothing sticks out sideways.
  await opened.getByRole('button', { name: 'Show on page' }).scrollIntoViewIfNeeded();
  await expect(opened.getByRole('button', { name: 'Show on page' })).toBeInViewport({ ratio: 0.5 });
  const box = await opened.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);

  // The guest is not told: the wish is simply gone from the page, and from its count.
  await guest.reload();
  await waitForHydration(guest);
  await expect(guest.getByText('All the best to you three')).toBeVisible();
  await expect(guest.getByText('Something rude')).toHaveCount(0);
  await expect(guest.getByText('Rude Prankster')).toHaveCount(0);
  // Guests get no moderation controls.
  await expect(guest.getByRole('button', { name: 'Hide from page' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Remove' })).toHaveCount(0);

  // Shown again, it is back for guests.
  await opened.getByRole('button', { name: 'Show on page' }).click();
  await expect(opened.getByRole('button', { name: 'Hide from page' })).toBeVisible();
  // The button turns at once; the notice tells the server has it (the guest's reload waited for neither).
  await expect(page.getByText('Shown on your calendar’s page again.')).toBeVisible();
  await guest.reload();
  await expect(guest.getByText('Something rude')).toBeVisible();
  await guest.context().close();

  // The filter and 'Mark all as read': the kind wish is the one left unread, then none is.
  const show = page.getByLabel('Show', { exact: true });
  await show.selectOption({ label: 'Unread' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('From Kind Friend');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('No unread wishes: you have read them all.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await show.selectOption({ label: 'With a gift' });
  await expect(page.getByText('No wishes with a gift yet.')).toBeVisible();
  await show.selectOption({ label: 'All wishes' });
  await expect(page.getByRole('article', { name: 'Kind Friend' })).toContainText('All the best to you three');
  await page.reload();
  await expect(page.getByText('New', { exact: true })).toHaveCount(0);
});

test('the owner removes a wish for good from their own guest page, after a confirmation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { calendar, guest } = await createCalendarWithWishes(page, browser);

  await page.goto(`/c/${calendar.slug}`);
  await waitForHydration(page);
  await expect(page.getByText('This is your calendar. You can hide or remove wishes here')).toBeVisible();
  const remove = page.getByRole('button', { name: 'Remove', exact: true });
  const rudeRemove = page
    .getByRole('listitem')
    .filter({ hasText: 'Something rude' })
    .getByRole('button', { name: 'Remove', exact: true });
  await expect(remove).toHaveCount(2);
  await expect(rudeRemove).toHaveAccessibleDescription(/Rude Prankster/);

  // 'Keep it' has the focus and changes nothing; the focus comes back to the button.
  await rudeRemove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove this wish for good?' });
  await expect(dialog).toContainText('Rude Prankster’s wish and guess will be deleted');
  await expect(dialog).toContainText('If it came with a gift, the gift stays yours');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoSeriousAxeViolation(page, 'remove dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rudeRemove).toBeFocused();

  // By keyboard: Enter opens it again, then 'Remove for good'.
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Remove for good' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The wish was removed for good.')).toBeVisible();
  await expect(page.getByText('Something rude')).toHaveCount(0);
  await expect(page.getByText('All the best to you three')).toBeVisible();

  // Gone from the guest's page and from the parents' inbox.
  await guest.reload();
  await waitForHydration(guest);
  await expect(guest.getByText('All the best to you three')).toBeVisible();
  await expect(guest.getByText('Something rude')).toHaveCount(0);
  await page.goto('/wishes');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('From Kind Friend');
  await guest.context().close();
});
