import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import {
  addDays,
  type Contribution,
  contribute,
  createActiveCalendar,
  GOOD_CARD,
  openAsVisitor,
} from '../support/calendars.ts';
import type { DevMail } from '../support/mailbox.ts';
import { uniqueEmail } from '../support/mailbox.ts';

const THANK_YOU_SUBJECT = 'A thank-you note from “Ada”';

async function contributeAndReturn(visitor: Page, contribution: Contribution) {
  await contribute(visitor, contribution);
  await visitor.getByRole('button', { name: 'Back to the calendar' }).click();
}

async function thankYouMails(request: APIRequestContext, to: string): Promise<DevMail[]> {
  const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as DevMail[]).filter((mail) => mail.subject === THANK_YOU_SUBJECT);
}

test('the parents thank two givers one by one and the rest at once: one thank-you e-mail each', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const calendar = await createActiveCalendar(page);
  const people = [
    { name: 'Tom Giver', email: uniqueEmail('tom'), wish: 'Welcome, little one!', card: GOOD_CARD },
    { name: 'Ana Friend', email: uniqueEmail('ana'), wish: 'So happy for you!' },
    { name: 'Lee Uncle', email: uniqueEmail('lee'), wish: 'Sleep well!' },
    { name: 'Kim Aunt', email: uniqueEmail('kim'), wish: 'Lots of love!' },
  ];
  const visitor = await openAsVisitor(browser, calendar.slug);
  for (const [index, person] of people.entries()) {
    await contributeAndReturn(visitor, { ...person, date: addDays(calendar.dueDate, index - 2) });
  }

  // Before the end the page explains why nothing can be sent yet.
  await page.goto(`/my_calendars/${calendar.id}/thank_yous`);
  await expect(page.getByRole('heading', { name: 'Thank-yous', level: 1 })).toBeVisible();
  await expect(page.getByText('Thank-you notes can be sent once the birth is announced.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Write a thank-you/ })).toHaveCount(0);

  const announced = await page.request.post(`/api/calendars/${calendar.id}/announce`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { birthDate: new Date().toISOString().slice(0, 10), thankYouMessage: 'Thank you all!' },
  });
  expect(announced.ok()).toBe(true);

  // From the calendar's card menu.
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await expect(card.getByRole('link', { name: 'Write thank-you notes' })).toBeVisible();
  await card.getByRole('button', { name: 'More actions for Baby Parent' }).click();
  await page.getByRole('menuitem', { name: 'Thank-yous' }).click();
  await expect(page).toHaveURL(new RegExp(`/my_calendars/${calendar.id}/thank_yous$`));
  await expect(page.getByRole('heading', { name: '0 of 4 thanked' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '0 of 4 thanked' })).toBeVisible();
  const tomCard = page.getByRole('article', { name: 'Tom Giver' });
  await expect(tomCard).toContainText('$25');
  await expect(tomCard).toContainText('Welcome, little one!');
  await expect(tomCard).toContainText('Not yet');
  await expectNoSeriousAxeViolation(page, 'thank-yous page');

  // Tom: the dialog starts with his name and gift.
  await tomCard.getByRole('button', { name: 'Write a thank-you to Tom Giver' }).click();
  const tomDialog = page.getByRole('dialog', { name: 'Thank-you to Tom Giver' });
  const note = tomDialog.getByLabel('Your note');
  await expect(note).toHaveValue(/^Dear Tom Giver,\n\nthank you so much for your \$25 gift and your lovely wish/);
  await note.fill('');
  await tomDialog.getByRole('button', { name: 'Send note' }).click();
  await expect(tomDialog.getByText('Please write your thank-you note.')).toBeVisible();
  await note.fill('Dear Tom, thank you for the $25 gift!');
  await expectNoSeriousAxeViolation(page, 'thank-you dialog');
  await tomDialog.getByRole('button', { name: 'Send note' }).click();
  await expect(tomDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your note to Tom Giver is on its way.' })).toBeVisible();
  await expect(tomCard).toContainText('Thanked on');
  await expect(page.getByRole('heading', { name: '1 of 4 thanked' })).toBeVisible();

  // Ana, personally too.
  const anaCard = page.getByRole('article', { name: 'Ana Friend' });
  await anaCard.getByRole('button', { name: 'Write a thank-you to Ana Friend' }).click();
  const anaDialog = page.getByRole('dialog', { name: 'Thank-you to Ana Friend' });
  await expect(anaDialog.getByLabel('Your note')).toHaveValue(
    /^Dear Ana Friend,\n\nthank you so much for your lovely wish/,
  );
  await anaDialog.getByRole('button', { name: 'Send note' }).click();
  await expect(page.getByRole('heading', { name: '2 of 4 thanked' })).toBeVisible();

  // The rest at once, with an impatient double click.
  await page.getByRole('button', { name: 'Thank everyone not yet thanked' }).click();
  const everyone = page.getByRole('dialog', { name: 'Thank everyone not yet thanked' });
  await expect(everyone.getByText('{name} becomes each person’s name')).toBeVisible();
  await everyone.getByLabel('Your note').fill('Dear {name}, thank you for guessing with us!');
  await everyone.getByRole('button', { name: 'Send to everyone' }).dblclick();
  await expect(everyone).toBeHidden();
  await expect(page.getByRole('heading', { name: '4 of 4 thanked' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '4 of 4 thanked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thank everyone not yet thanked' })).toHaveCount(0);

  // Exactly one thank-you e-mail per participant, each with its own words.
  await expect
    .poll(
      async () => {
        const counts = await Promise.all(
          people.map(async (person) => (await thankYouMails(page.request, person.email)).length),
        );
        return counts;
      },
      { message: 'thank-you e-mails', timeout: 30_000 },
    )
    .toEqual([1, 1, 1, 1]);
  const [tomMail] = await thankYouMails(page.request, people[0]!.email);
  expect(tomMail!.text).toContain('Dear Tom, thank you for the $25 gift!');
  const [leeMail] = await thankYouMails(page.request, people[2]!.email);
  expect(leeMail!.text).toContain('Dear Lee Uncle, thank you for guessing with us!');
  expect(leeMail!.html).toContain('Dear Lee Uncle, thank you for guessing with us!');

  // After a reload, the page still says everyone was thanked; the 390 px layout has no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: '4 of 4 thanked' })).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(390);
});
