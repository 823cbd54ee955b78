import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  type Contribution,
  contribute,
  createActiveCalendar,
  dayButton,
  fillContribution,
  GOOD_CARD,
  openAsVisitor,
} from '../support/calendars.ts';
import type { DevMail } from '../support/mailbox.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/** A guess through the public page, then back to the calendar for the next one. */
async function contributeAndReturn(visitor: Page, contribution: Contribution) {
  await contribute(visitor, contribution);
  await visitor.getByRole('button', { name: 'Back to the calendar' }).click();
}

/** The dev mailbox's messages to `to` that carry `text`; the celebration is recognised by the parents' words. */
async function findMails(request: APIRequestContext, to: string, text: string): Promise<DevMail[]> {
  const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as DevMail[];
  return messages.filter((message) => message.text.includes(text));
}

/** The browser's day: the birth date input's upper limit is the creator's local today. */
function getLocalToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

test('the creator announces the birth: every participant is e-mailed once, the calendar closes, the gifts are paid out', async ({
  page,
  browser,
}) => {
  // One whole journey: fee, three contributions, announcement, e-mails, public page, payout.
  test.setTimeout(180_000);
  const calendar = await createActiveCalendar(page);
  const grandma = uniqueEmail('grandma');
  const uncle = uniqueEmail('uncle');
  const closestDay = addDays(calendar.dueDate, -2);

  const visitor = await openAsVisitor(browser, calendar.slug);
  await contributeAndReturn(visitor, {
    date: closestDay,
    name: 'Grandma Rose',
    email: grandma,
    wish: 'Welcome!',
    card: GOOD_CARD,
  });
  await contributeAndReturn(visitor, {
    date: addDays(calendar.dueDate, 1),
    name: 'Uncle Bob',
    email: uncle,
    wish: 'Hello!',
  });
  await contributeAndReturn(visitor, {
    date: addDays(calendar.dueDate, 5),
    name: 'Grandma Rose',
    email: grandma,
    wish: 'Again!',
  });

  // A late visitor has the form open while the parents announce.
  const late = await openAsVisitor(browser, calendar.slug);
  await dayButton(late, calendar.dueDate).click();
  await fillContribution(late, { name: 'Late Larry', email: uniqueEmail('late'), wish: 'Too late?', card: GOOD_CARD });

  // The dialog: fields, then the final confirmation.
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await card.getByRole('button', { name: 'More actions for Baby Parent' }).click();
  await page.getByRole('menuitem', { name: 'Complete fundraising' }).click();
  const dialog = page.getByRole('dialog', { name: 'Announce the birth' });
  await expect(dialog.getByLabel('Birth date')).toBeFocused();
  await expect(dialog).toContainText('DE89 •••• •••• •••• 3000');
  await expectNoSeriousAxeViolation(page, 'announce dialog');
  await dialog.getByRole('button', { name: 'Announce & Receive Funds' }).click();
  await expect(dialog.getByText('Please enter the birth date.')).toBeVisible();
  await expect(dialog.getByLabel('Birth date')).toBeFocused();

  const today = getLocalToday();
  const thanks = `Thank you for every wish! ${Date.now()}`;
  await dialog.getByLabel('Birth date').fill(today);
  await dialog.getByLabel('Thank You to Our Supporters').fill(thanks);
  await expect(dialog.getByText(`${thanks.length} / 2,000 characters`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Announce & Receive Funds' }).click();

  const confirm = page.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
  await expect(confirm.getByRole('heading', { name: 'Are you sure? This cannot be undone.' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog.getByLabel('Thank You to Our Supporters')).toHaveValue(thanks);
  await dialog.getByRole('button', { name: 'Announce & Receive Funds' }).click();
  await confirm.getByRole('button', { name: 'Yes, announce' }).click();
  await expect(page.getByText(/The birth is announced/)).toBeVisible({ timeout: 20_000 });
  await expect(confirm).toBeHidden();
  await expect(card.getByText(/^Announced/).first()).toBeVisible();

  // Exactly one celebration e-mail per distinct address: two, though there were three contributions.
  await expect
    .poll(
      async () =>
        (await findMails(page.request, grandma, thanks)).length + (await findMails(page.request, uncle, thanks)).length,
      { message: 'celebration e-mails', timeout: 30_000 },
    )
    .toBe(2);
  expect(await findMails(page.request, grandma, thanks)).toHaveLength(1);
  expect(await findMails(page.request, uncle, thanks)).toHaveLength(1);

  // The public page: the announcement, the closest guess, no form.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'The baby has arrived!' })).toBeVisible();
  await expect(visitor.getByText(thanks)).toBeVisible();
  await expect(visitor.getByText('Just for fun — no prize')).toBeVisible();
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Grandma Rose picked' }).first()).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'When will the baby arrive?' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Pick your day' })).toHaveCount(0);
  await expectNoSeriousAxeViolation(visitor, 'announced calendar');

  // The late gift is refused by the API.
  const refused = late.waitForResponse((response) =>
    response.url().includes(`/api/public/calendars/${calendar.slug}/contributions`),
  );
  await late.getByRole('button', { name: 'Send wish and $25' }).click();
  expect((await refused).status()).toBe(409);
  await expect(late.getByRole('alert')).toContainText('This calendar is closed');

  // The card follows the payout until it is paid (the page polls while it is pending).
  await expect(card.getByText('$25 paid out to your bank account.')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('2 of 2 e-mails sent.')).toBeVisible({ timeout: 30_000 });

  await visitor.context().close();
  await late.context().close();
});

test('a calendar closed without celebration refunds the gifts, sends a neutral notice and shows no celebration', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const calendar = await createActiveCalendar(page);
  const giver = uniqueEmail('giver');
  const visitor = await openAsVisitor(browser, calendar.slug);
  await contributeAndReturn(visitor, {
    date: calendar.dueDate,
    name: 'Aunt May',
    email: giver,
    wish: 'Hugs',
    card: GOOD_CARD,
  });

  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await card.getByRole('button', { name: 'More actions for Baby Parent' }).click();
  await page.getByRole('menuitem', { name: 'Close without celebration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close without celebration' });
  await expect(dialog.getByRole('radio', { name: /Pay the gifts out to me/ })).toBeFocused();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Please choose what happens to the gifts.')).toBeVisible();
  await dialog.getByRole('radio', { name: /Refund every gift to the givers/ }).check();
  await dialog.getByRole('checkbox', { name: 'Send participants a short, neutral notice' }).check();
  const notice = `Plans have changed. Thank you. ${Date.now()}`;
  await dialog.getByLabel('A few words of your own (optional)').fill(notice);
  await expectNoSeriousAxeViolation(page, 'close dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
  await expect(confirm.getByRole('heading', { name: 'Are you sure? This cannot be undone.' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, close the calendar' }).click();
  await expect(page.getByText('The calendar is closed.')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/^Closed on/)).toBeVisible();
  await expect(card.getByText('$25 refunded to 1 giver.')).toBeVisible({ timeout: 30_000 });

  await expect
    .poll(async () => (await findMails(page.request, giver, notice)).length, { message: 'neutral notice' })
    .toBe(1);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This calendar is closed' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'The baby has arrived!' })).toHaveCount(0);
  await expect(visitor.getByRole('heading', { name: 'When will the baby arrive?' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Pick your day' })).toHaveCount(0);
  await visitor.context().close();
});

const PHOTO_PATH = new URL('../fixtures/cover-photo.jpg', import.meta.url);

/** A photo uploaded by the signed-in owner, through the API. */
async function uploadPhoto(page: Page): Promise<string> {
  const uploaded = await page.request.post('/api/images', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO_PATH) } },
  });
  expect(uploaded.status()).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}

test('after the announcement a phone sees the news first, and the share text and link preview are about the baby', async ({
  page,
  browser,
}) => {
  // Set up through the API: the calendar with its bump photo and parents-to-be note, then the birth.
  const calendar = await createActiveCalendar(page);
  const headers = { Origin: new URL(page.url()).origin };
  const patched = await page.request.patch(`/api/calendars/${calendar.id}`, {
    headers,
    data: { coverImageId: await uploadPhoto(page), parentsNote: 'We can’t wait to meet our little one…' },
  });
  expect(patched.ok()).toBe(true);
  const thanks = 'Thank you for every guess and every wish!';
  const announced = await page.request.post(`/api/calendars/${calendar.id}/announce`, {
    headers,
    data: {
      birthDate: getLocalToday(),
      thankYouMessage: thanks,
      babyName: 'Mia',
      birthTimeMinutes: 7 * 60 + 42,
      babyImageId: await uploadPhoto(page),
    },
  });
  expect(announced.status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(`/c/${calendar.slug}`);
  // The news is the page's heading, in the first screen, before any scrolling.
  const news = phone.getByRole('heading', { level: 1, name: 'The baby has arrived!' });
  await expect(news).toBeInViewport();
  const box = await news.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(844);
  await expect(phone.getByText('Welcome, Mia!')).toBeVisible();
  await expect(phone.getByText(thanks)).toBeVisible();
  await expect(phone.getByRole('img', { name: 'Mia, just born' })).toBeVisible();
  await expect(phone.getByText('We can’t wait to meet our little one…')).toHaveCount(0);
  await expect(phone.getByRole('img', { name: /^A photo from/ })).toHaveCount(0);
  await expect(phone.getByRole('link', { name: 'Read every wish in the keepsake' })).toBeVisible();

  // The share box and the link preview pass on the news.
  await expect(phone.getByLabel('Your invitation')).toHaveValue(
    'Baby Mia is here! See the news, the closest guesses and every wish on “Baby Parent”.',
  );
  await expect(phone.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Mia has arrived!');
  await expect(phone.locator('meta[property="og:description"]')).toHaveAttribute('content', /^Born on /);
  const image = await phone.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/og\.png\?born=/);
  const preview = await phone.request.get(new URL(image!).pathname.replace('og.png', 'og.svg'));
  expect(await preview.text()).toContain('Mia has arrived!');
  await expectNoSeriousAxeViolation(phone, 'announced calendar on a phone');
  // Screenshots for a person to look at (not compared): in /tmp, never committed.
  if (process.env.ANNOUNCEMENT_SHOTS) {
    await phone.screenshot({ path: '/tmp/announced/390.png' });
    await phone.screenshot({ path: '/tmp/announced/390-full.png', fullPage: true });
    await phone.setViewportSize({ width: 1440, height: 900 });
    await phone.screenshot({ path: '/tmp/announced/1440.png' });
  }
  await context.close();
});
