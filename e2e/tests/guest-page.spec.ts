import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  contribute,
  createActiveCalendar,
  dayButton,
  fillContribution,
  GOOD_CARD,
  openAsVisitor,
  waitForHydration,
} from '../support/calendars.ts';
import { uniqueEmail } from '../support/mailbox.ts';

const DAY_MS = 86_400_000;

test('a day that has passed is greyed out and disabled, and the server refuses it with a field message', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Due today: the window's first four weeks are over, whatever the time of day in any zone.
  const calendar = await createActiveCalendar(page, { dueInDays: 0 });
  const pastDay = addDays(calendar.dueDate, -5);
  const visitor = await openAsVisitor(browser, calendar.slug);

  await expect(dayButton(visitor, pastDay)).toBeDisabled();
  await expect(dayButton(visitor, pastDay)).toHaveAccessibleName(/has passed, no guesses yet$/);
  await expect(dayButton(visitor, addDays(calendar.dueDate, 3))).toBeEnabled();
  await expect(visitor.getByText('Greyed days have passed and can no longer be picked.')).toBeVisible();
  // The visitor's own today carries the marker (the browser's clock, in its time zone).
  const today = visitor.locator('button[data-today]');
  await expect(today).toHaveCount(1);
  await expect(today).toContainText('Today');
  await expect(today).toHaveAccessibleName(/, today,/);
  await expectNoSeriousAxeViolation(visitor, 'public calendar with days that have passed');

  // A guess on an open day shows its count in the cell.
  await contribute(visitor, {
    date: addDays(calendar.dueDate, 2),
    name: 'Aunt May',
    email: uniqueEmail('may'),
    wish: 'Soon!',
  });
  await visitor.getByRole('button', { name: 'Back to the calendar' }).click();
  await expect(dayButton(visitor, addDays(calendar.dueDate, 2))).toContainText('1 guess');
  await visitor.context().close();

  // A device whose clock is ten days behind offers the day; the server still refuses it.
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  await late.clock.setFixedTime(new Date(Date.now() - 10 * DAY_MS));
  await late.goto(`/c/${calendar.slug}`);
  await waitForHydration(late);
  await expect(dayButton(late, pastDay)).toBeEnabled();
  await dayButton(late, pastDay).click();
  await fillContribution(late, { name: 'Uncle Late', email: uniqueEmail('late'), wish: 'Am I too late?' });
  await late.getByRole('button', { name: 'Send my wish' }).click();
  const dialog = late.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText(/has already passed\. Please pick .+ or a later day\./);
  await expect(dialog.getByRole('button', { name: 'Pick another day' })).toBeVisible();
  await lateContext.close();
});

test('the owner opens the calendar as a guest from the card and from Calendar Info', async ({ page }) => {
  const calendar = await createActiveCalendar(page);
  await page.goto('/my_calendars');
  await page.getByRole('link', { name: 'View as guest: Baby Parent' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${calendar.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Baby Parent' })).toBeVisible();

  await page.goto(`/my_calendars/${calendar.id}`);
  await expect(page.getByRole('heading', { name: 'Calendar Info' })).toBeVisible();
  await page.getByRole('link', { name: 'View as guest: Baby Parent' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${calendar.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Baby Parent' })).toBeVisible();
});

test('every share button sends the invitation as edited, with the link', async ({ page }) => {
  const calendar = await createActiveCalendar(page);
  await page.goto(`/my_calendars/${calendar.id}`);
  // Calendar Info paints before its scripts run (decision 040); typing then is early-taps.test.tsx's
  // subject. React sets a textarea back to the server's text as it hydrates it: typed at that very
  // moment, the text would be mixed with it.
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Share your calendar' });
  const invitation = section.getByLabel('Your invitation');
  await expect(invitation).toHaveValue(/^We’re expecting! Guess the day our baby arrives/);
  await invitation.fill('Come and guess, Grandma!');

  const link = `${new URL(page.url()).origin}/c/${calendar.slug}`;
  const message = `Come and guess, Grandma!\n${link}`;
  await expect(section.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(message)}`,
  );
  await expect(section.getByRole('link', { name: 'SMS' })).toHaveAttribute(
    'href',
    `sms:?&body=${encodeURIComponent(message)}`,
  );
  await expect(section.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
    'href',
    `mailto:?subject=${encodeURIComponent('Guess the day: Baby Parent')}&body=${encodeURIComponent(message)}`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Messenger's site stands in locally: the test checks where the button goes, not Facebook.
  await page
    .context()
    .route('https://www.messenger.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Messenger</title>' }),
    );
  const popup = page.waitForEvent('popup');
  await section.getByRole('button', { name: 'Messenger' }).click();
  await expect(section.getByRole('status')).toContainText('Invitation copied: paste it into your Messenger chat');
  expect((await popup).url()).toMatch(/^https:\/\/www\.messenger\.com\//);
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(message);
  await expectNoSeriousAxeViolation(page, 'Calendar Info with the share section');
});

test('on a phone, the sticky bar never covers the share buttons or the footer; the thanks open at their heading', async ({
  page,
  browser,
}) => {
  const calendar = await createActiveCalendar(page);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(`/c/${calendar.slug}`);
  const bar = phone.getByRole('button', { name: 'Pick your day' });
  await expect(bar).toBeVisible();

  await phone.getByRole('button', { name: 'Print' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
  await phone.getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
  await expect(phone.getByRole('contentinfo')).toContainText('support@firstday.app');

  await phone.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(dayButton(phone, calendar.dueDate)).toBeFocused();

  // The form with a gift was scrolled down to its button; the thanks that replace it start at the
  // top of the sheet (its close button and heading in view), not at the form's scroll.
  const wish = { date: calendar.dueDate, name: 'Oma Gerda', email: uniqueEmail('oma'), wish: 'Alles Liebe!' };
  await contribute(phone, { ...wish, card: GOOD_CARD });
  const thanks = phone.getByRole('heading', { name: 'Thank you!' });
  await expect(thanks).toBeFocused();
  await expect(thanks).toBeInViewport({ ratio: 1 });
  await expect(phone.getByRole('dialog').getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await context.close();
});

test('a shown total says what was raised while guessing is open, and is gone once the calendar is closed', async ({
  page,
  browser,
}) => {
  const calendar = await createActiveCalendar(page, { hideTotal: false });
  const visitor = await openAsVisitor(browser, calendar.slug);
  await expect(visitor.getByText('Raised so far')).toBeVisible();

  const announced = await page.request.post(`/api/calendars/${calendar.id}/announce`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { birthDate: new Date().toISOString().slice(0, 10), thankYouMessage: 'Thank you all!' },
  });
  expect(announced.ok()).toBe(true);
  await visitor.reload();
  await expect(visitor.getByText('Thank you all!')).toBeVisible();
  await expect(visitor.getByText('Raised so far')).toHaveCount(0);
  await visitor.context().close();
});
