import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { contribute, createActiveCalendar, fillContribution, GOOD_CARD, openAsVisitor } from '../support/calendars.ts';
import { uniqueEmail } from '../support/mailbox.ts';

// Welcome gifts after the birth (docs/decisions/026-holding-limit-schedule.md): the parents keep the
// page open for gifts with a wish and no guess; everything is paid out once, when they close.

/** The browser's day: the birth date input's upper limit is the creator's local today. */
function getLocalToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Screenshots for a person to look at (not compared): in /tmp, never committed. */
async function shoot(page: Page, name: string) {
  if (!process.env.WELCOME_GIFT_SHOTS) return;
  await page.screenshot({ path: `/tmp/wg/${name}.png`, fullPage: true });
}

test('the parents announce with welcome gifts on, a relative sends one, and everything is paid out once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const calendar = await createActiveCalendar(page);

  // A guess with a gift before the birth.
  const visitor = await openAsVisitor(browser, calendar.slug);
  await contribute(visitor, {
    date: calendar.dueDate,
    name: 'Grandma Rose',
    email: uniqueEmail('grandma'),
    wish: 'Welcome!',
    card: GOOD_CARD,
  });

  // The announcement, with the page kept open for welcome gifts.
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await card.getByRole('button', { name: 'More actions for Baby Parent' }).click();
  await page.getByRole('menuitem', { name: 'Complete fundraising' }).click();
  const dialog = page.getByRole('dialog', { name: 'Announce the birth' });
  const welcomeSwitch = dialog.getByRole('switch', { name: 'Keep the page open for welcome gifts' });
  await expect(welcomeSwitch).not.toBeChecked();
  await dialog.getByLabel('Birth date').fill(getLocalToday());
  await dialog.getByLabel('Thank You to Our Supporters').fill('Thank you all!');
  await welcomeSwitch.check();
  await expect(dialog.getByText(/and the welcome gifts are transferred to your bank account/)).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'announce dialog with welcome gifts');
  if (process.env.WELCOME_GIFT_SHOTS) {
    const size = page.viewportSize();
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'announce-dialog-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'announce-dialog-390');
    if (size) await page.setViewportSize(size);
  }
  await dialog.getByRole('button', { name: 'Announce & Receive Funds' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
  await expect(confirm.getByText('Open for 30 days, then everything is paid out')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, announce' }).click();
  await expect(page.getByText(/The birth is announced/)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/^Welcome gifts are open until /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pay out now' })).toBeVisible();
  await shoot(page, 'owner-card-welcome-1440');

  // The guest page: the birth news, no more guesses, and a welcome gift.
  const relative = await openAsVisitor(browser, calendar.slug);
  await expect(relative.getByRole('heading', { name: 'The baby has arrived!' })).toBeVisible();
  await expect(relative.getByRole('heading', { name: 'Welcome the baby with a gift' })).toBeVisible();
  await expect(relative.getByRole('button', { name: 'Pick your day' })).toHaveCount(0);
  // Its share box and link preview invite welcome gifts, not guesses.
  await expect(relative.getByLabel('Your invitation')).toHaveValue(
    /^The baby is here! See the news on “Baby Parent” and send a welcome gift with your wish until /,
  );
  await expect(relative.locator('meta[property="og:title"]')).toHaveAttribute('content', 'The baby has arrived!');
  await expect(relative.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    /a welcome gift with a wish until /,
  );
  await expectNoSeriousAxeViolation(relative, 'guest page during welcome gifts');
  await shoot(relative, 'guest-page-welcome-1440');
  await relative.setViewportSize({ width: 390, height: 844 });
  await shoot(relative, 'guest-page-welcome-390');
  await relative.setViewportSize({ width: 1440, height: 900 });

  await relative.getByRole('button', { name: 'Send a welcome gift' }).click();
  await expect(relative.getByRole('dialog', { name: 'A welcome gift' })).toBeVisible();
  // Named by its title, then by the thanks once sent.
  const form = relative.getByRole('dialog');
  await expect(form.getByRole('radio', { name: 'No gift' })).toHaveCount(0);
  await expect(form.getByRole('radio', { name: '$25' })).toBeChecked();
  await fillContribution(relative, {
    name: 'Aunt May',
    email: uniqueEmail('aunt'),
    wish: 'Welcome to the world, little one!',
    card: GOOD_CARD,
  });
  await shoot(relative, 'welcome-gift-form-1440');
  await form.getByRole('button', { name: 'Send wish and $25' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });
  await expect(form.getByText(/Your welcome gift of \$25 and your wish are on their way/)).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Pass on the news' })).toBeVisible();
  await expect(form.getByLabel('Your invitation')).toHaveValue(/^The baby is here! See the news/);
  await form.getByRole('button', { name: 'Back to the calendar' }).click();
  await expect(relative.getByText('Aunt May sent a welcome gift')).toBeVisible();

  // The parents pay out now: one payout of both gifts.
  await page.reload();
  await card.getByRole('button', { name: 'Pay out now' }).click();
  await card.getByRole('button', { name: 'Pay out now' }).click();
  await expect(card.getByText('$50 paid out to your bank account.')).toBeVisible({ timeout: 60_000 });

  // The page no longer takes welcome gifts.
  await relative.reload();
  await expect(relative.getByRole('heading', { name: 'The baby has arrived!' })).toBeVisible();
  await expect(relative.getByRole('button', { name: 'Send a welcome gift' })).toHaveCount(0);

  await visitor.context().close();
  await relative.context().close();
});
