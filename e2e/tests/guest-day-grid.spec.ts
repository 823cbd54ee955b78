import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  createActiveCalendar,
  createActiveCalendarAsSignedIn,
  dayButton,
  isHydrated,
  openAsVisitor,
} from '../support/calendars.ts';
import { holdScripts } from '../support/hold-scripts.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** 'December 14', as the form's title says it. */
function formatDay(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

test('on a phone, a day tapped as soon as the page shows opens the form for that day, before or after its scripts run', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page);
  const taps = [
    { offset: -3, scriptsHeld: true },
    { offset: 0, scriptsHeld: false },
    { offset: 2, scriptsHeld: true },
    { offset: 5, scriptsHeld: false },
    { offset: 9, scriptsHeld: true },
  ];
  for (const { offset, scriptsHeld } of taps) {
    const day = addDays(calendar.dueDate, offset);
    const context = await browser.newContext(PHONE);
    const phone = await context.newPage();
    const release = scriptsHeld ? await holdScripts(phone) : () => {};
    await phone.goto(`/c/${calendar.slug}`, { waitUntil: 'commit' });
    // As soon as the day is drawn.
    await dayButton(phone, day).tap();
    if (scriptsHeld) {
      // The tap landed on the server's HTML: nothing runs yet, so no form can be open.
      expect(await isHydrated(phone)).toBe(false);
      await expect(phone.getByRole('dialog')).toHaveCount(0);
      release();
    }
    const dialog = phone.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Your guess: ${formatDay(day)}` })).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toBeFocused();
    await expect(dayButton(phone, day)).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  }
});

test('the day grid is one Tab stop: arrow keys move between the days, Enter opens the focused day, Tab leaves', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Due in 30 days: the window starts in two days, so its first day is the first day open.
  const calendar = await createActiveCalendar(page);
  const first = addDays(calendar.dueDate, -28);
  const visitor = await openAsVisitor(browser, calendar.slug);
  const grid = visitor.getByRole('grid');
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
  await expectNoSeriousAxeViolation(visitor, 'guest page with its day grid');

  // Tab from the text just before the grid lands on one day.
  await visitor.getByText('Pick the day you think the baby will be born').click();
  await visitor.keyboard.press('Tab');
  await expect(dayButton(visitor, first)).toBeFocused();
  // Focus is visible.
  await expect(dayButton(visitor, first)).toHaveCSS('outline-style', 'solid');

  await visitor.keyboard.press('ArrowRight');
  await expect(dayButton(visitor, addDays(first, 1))).toBeFocused();
  await visitor.keyboard.press('ArrowDown');
  await expect(dayButton(visitor, addDays(first, 8))).toBeFocused();
  await visitor.keyboard.press('ArrowDown');
  await expect(dayButton(visitor, addDays(first, 15))).toBeFocused();
  await visitor.keyboard.press('ArrowLeft');
  await expect(dayButton(visitor, addDays(first, 14))).toBeFocused();
  await visitor.keyboard.press('ArrowUp');
  await expect(dayButton(visitor, addDays(first, 7))).toBeFocused();
  // Home and End: the week's first and last day (weeks run Sunday to Saturday in English).
  const day = addDays(first, 7);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  await visitor.keyboard.press('Home');
  await expect(dayButton(visitor, addDays(day, -weekday))).toBeFocused();
  await visitor.keyboard.press('End');
  const saturday = addDays(day, 6 - weekday);
  await expect(dayButton(visitor, saturday)).toBeFocused();
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);

  await visitor.keyboard.press('Enter');
  const dialog = visitor.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Your guess: ${formatDay(saturday)}` })).toBeVisible();
  await visitor.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(dayButton(visitor, saturday)).toBeFocused();

  // One more Tab leaves the grid; Shift+Tab comes back to the day focused last.
  await visitor.keyboard.press('Tab');
  await expect.poll(() => visitor.evaluate(() => document.activeElement?.closest('[role="grid"]') === null)).toBe(true);
  await visitor.keyboard.press('Shift+Tab');
  await expect(dayButton(visitor, saturday)).toBeFocused();
  await visitor.context().close();

  // Due today: the window's first weeks have passed. Tab lands on today; a day that has passed is
  // still reached with the keys, is read as unavailable, and Enter opens nothing.
  const dueToday = await createActiveCalendarAsSignedIn(page, { dueInDays: 0 });
  const late = await openAsVisitor(browser, dueToday.slug);
  await late.getByText('Pick the day you think the baby will be born').click();
  await late.keyboard.press('Tab');
  await expect(late.locator('button[data-today]')).toBeFocused();
  await late.keyboard.press('Control+Home');
  const passed = dayButton(late, addDays(dueToday.dueDate, -28));
  await expect(passed).toBeFocused();
  await expect(passed).toBeDisabled();
  await late.keyboard.press('Enter');
  // Had it opened a form, today's could not be opened over it.
  await late.locator('button[data-today]').click();
  await expect(late.getByRole('dialog').getByRole('heading', { name: /^Your guess: / })).toHaveText(
    `Your guess: ${formatDay((await late.locator('button[data-today]').getAttribute('data-date')) ?? '')}`,
  );
  await late.keyboard.press('Escape');
  await expectNoSeriousAxeViolation(late, 'guest page with days that have passed');
  await late.context().close();
});
