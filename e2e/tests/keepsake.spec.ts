import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { addDays, contribute, createActiveCalendar, GOOD_CARD, openAsVisitor } from '../support/calendars.ts';
import { type DevMail, uniqueEmail } from '../support/mailbox.ts';

const WISHES = [
  { name: 'Grandma Rose', wish: 'Welcome to the world, little one! We waited for you 🎀✨', card: GOOD_CARD },
  { name: 'Jürgen Weiß', wish: 'Herzlichen Glückwunsch! Viel Freude und ruhige Nächte – Grüße aus München.' },
  { name: 'Наталья Смирнова', wish: 'Поздравляем с рождением малыша! Обнимаем всю семью.' },
];

/** Set E2E_SCREENSHOT_DIR to keep pictures of the keepsake pages (as bank-details.spec.ts does). */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** The browser's day: the birth date may not be after the creator's today. */
function getLocalToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

test('after the announcement the owner prints or downloads the keepsake, and guests read its public part', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const calendar = await createActiveCalendar(page, { hideSenderNames: true });
  const visitor = await openAsVisitor(browser, calendar.slug);
  const emails: string[] = [];
  for (const [index, wish] of WISHES.entries()) {
    const email = uniqueEmail(`keepsake${index}`);
    emails.push(email);
    await contribute(visitor, { date: addDays(calendar.dueDate, index - 3), email, ...wish });
    await visitor.getByRole('button', { name: 'Back to the calendar' }).click();
  }

  // Before the announcement there is no keepsake: the owner is told why, guests find nothing.
  await page.goto(`/my_calendars/${calendar.id}/keepsake`);
  await expect(page.getByRole('alert')).toContainText('The keepsake book is ready once you have announced the birth.');
  expect((await page.request.get(`/c/${calendar.slug}/keepsake`)).status()).toBe(404);

  const thanks = `Thank you for every wish! ${Date.now()}`;
  const announced = await page.request.post(`/api/calendars/${calendar.id}/announce`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { birthDate: getLocalToday(), thankYouMessage: thanks },
  });
  expect(announced.ok()).toBe(true);

  // From the calendar's card menu to the print-styled page, with the senders' real names.
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  await card.getByRole('button', { name: 'More actions for Baby Parent' }).click();
  await page.getByRole('menuitem', { name: 'Keepsake book' }).click();
  await expect(page).toHaveURL(new RegExp(`/my_calendars/${calendar.id}/keepsake$`));
  await expect(page.getByRole('heading', { name: 'The baby has arrived!', level: 1 })).toBeVisible();
  await expect(page.getByText(thanks)).toBeVisible();
  for (const { name, wish } of WISHES) {
    await expect(page.getByText(wish)).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  await expectNoSeriousAxeViolation(page, 'owner keepsake');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/keepsake-owner-1440.png`, fullPage: true });

  // The PDF: a real download whose text (poppler's pdftotext) has every wish.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Firstday keepsake - Baby Parent.pdf');
  const file = test.info().outputPath('keepsake.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const { name, wish } of WISHES) {
    expect(text).toContain(wish);
    expect(text).toContain(name);
  }
  expect(text).toContain(thanks);
  expect(text).toContain('The baby has arrived!');

  // The public part, linked from the celebration e-mail: names hidden as the calendar asks, no amounts.
  let celebration: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await page.request.get(`/api/dev/mail?to=${encodeURIComponent(emails[1]!)}`)
        ).json()) as DevMail[];
        celebration = mails.find((mail) => mail.text.includes(thanks));
        return Boolean(celebration);
      },
      { message: 'celebration e-mail', timeout: 30_000 },
    )
    .toBe(true);
  const link = /Read the keepsake: (\S+)/.exec(celebration!.text)?.[1];
  expect(link).toMatch(new RegExp(`/c/${calendar.slug}/keepsake$`));

  // The guest page leads there too.
  await visitor.goto(`/c/${calendar.slug}`);
  await expect(visitor.getByRole('link', { name: 'Read every wish in the keepsake' })).toHaveAttribute(
    'href',
    new URL(link!).pathname,
  );
  await visitor.goto(new URL(link!).pathname);
  await expect(visitor.getByRole('heading', { name: 'The baby has arrived!', level: 1 })).toBeVisible();
  for (const { wish } of WISHES) await expect(visitor.getByText(wish)).toBeVisible();
  await expect(visitor.getByText('G. R.', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Н. С.', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Grandma Rose')).toHaveCount(0);
  await expect(visitor.getByText('$25')).toHaveCount(0);
  await expectNoSeriousAxeViolation(visitor, 'public keepsake');
  if (SCREENSHOTS) {
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.screenshot({ path: `${SCREENSHOTS}/keepsake-public-390.png`, fullPage: true });
    await visitor.emulateMedia({ media: 'print' });
    await visitor.screenshot({ path: `${SCREENSHOTS}/keepsake-public-print.png`, fullPage: true });
  }
  await visitor.context().close();
});
