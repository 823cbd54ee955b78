/// <reference lib="dom" />
// The functions given to page.evaluate run in the browser.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedParent } from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { addDays, openAsVisitor, VALID_IBAN } from '../support/calendars.ts';

// A 1600×1200 JPEG: green with a yellow circle in the middle, carrying EXIF GPS and camera data.
const PHOTO_PATH = new URL('../fixtures/cover-photo.jpg', import.meta.url).pathname;
const NOTE = 'We can’t wait to meet our little one!\nThank you for guessing with us.';

// The countdown counts in the guest's own calendar: pin it to the server's.
test.use({ timezoneId: 'UTC' });

/** The mean colour of a square of an image, read back in the browser through a canvas. */
function readImageColour(page: Page, url: string, box: { x: number; y: number; size: number }) {
  return page.evaluate(
    async ({ url, box }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(box.x, box.y, box.size, box.size);
      const sum = [0, 0, 0];
      for (let index = 0; index < data.length; index += 4) {
        sum[0]! += data[index]!;
        sum[1]! += data[index + 1]!;
        sum[2]! += data[index + 2]!;
      }
      const count = data.length / 4;
      return { r: sum[0]! / count, g: sum[1]! / count, b: sum[2]! / count, width: image.naturalWidth };
    },
    { url, box },
  );
}

test('a parent adds a photo and a note in the wizard; guests see them, a countdown and the photo in the share image', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await createVerifiedParent(page);
  await page.goto('/create_calendar');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Parent');
  await page.getByRole('radio', { name: 'Europe, Switzerland or the UK (IBAN)' }).check();
  await page.getByLabel('IBAN', { exact: true }).fill(VALID_IBAN);
  await page.getByRole('button', { name: 'Next Step' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Customize Your Calendar' })).toBeFocused();
  const dueDate = addDays(new Date().toISOString().slice(0, 10), 23);
  await page.getByLabel('Expected birth date').fill(dueDate);

  const photoField = page.getByRole('group', { name: 'Cover photo (optional)' });
  const fileInput = photoField.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', 'image/*');
  // Not a photo: said before anything is uploaded.
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(photoField.getByRole('alert')).toHaveText(/This file is not a photo we can read/);
  // A text file named like a photo passes the browser's check, and the server refuses it by its bytes.
  await fileInput.setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a jpeg') });
  await expect(photoField.getByRole('alert')).toHaveText(/This file is not a photo we can read/);
  await expect(photoField.getByRole('button', { name: 'Choose a photo' })).toBeVisible();

  await fileInput.setInputFiles(PHOTO_PATH);
  const preview = photoField.getByRole('img', { name: 'Your cover photo' });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(photoField.getByRole('alert')).toHaveCount(0);
  await expect(photoField.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  await expect(photoField.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await page.getByLabel('A note to your guests (optional)').fill(NOTE);
  await expectNoSeriousAxeViolation(page, 'wizard step 2 with a photo');
  await page.getByRole('button', { name: 'Next Step' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your Subscription Plan' })).toBeFocused();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeFocused();
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await page.getByLabel('Cardholder name').fill('Ada Parent');
  await page.getByLabel('Expiry date').pressSequentially('1234');
  await page.getByLabel('CVS').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Your Calendar!' })).toBeFocused();
  const shareUrl = await page.getByLabel('Your calendar’s link').inputValue();
  const slug = new URL(shareUrl).pathname.split('/').at(-1)!;

  // The first HTML already greets with the photo (srcset, sizes, its size), the note and the countdown.
  const html = await (await request.get(`/c/${slug}`)).text();
  expect(html).toMatch(/<img[^>]+srcSet="\/images\/[0-9a-f-]{36}\/320\.jpg 320w/);
  expect(html).toMatch(/<img[^>]+sizes="\(min-width: 700px\) 22rem, calc\(100vw - 4rem\)"/);
  expect(html).toMatch(/<img[^>]+width="1600" height="1200"/);
  expect(html).toContain('23 days to go');
  expect(html).toContain('We can’t wait to meet our little one!');

  const guest = await openAsVisitor(browser, slug);
  const photo = guest.getByRole('img', { name: 'A photo from Ada' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  // The browser chose a WebP variant of the right size for a 22rem column at 1440 px.
  expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
    /\/images\/[0-9a-f-]{36}\/(320|640)\.webp$/,
  );
  await expect(guest.getByText('23 days to go')).toBeVisible();
  await expect(guest.locator('blockquote')).toHaveText(NOTE);
  await expectNoSeriousAxeViolation(guest, 'guest page with a photo');

  // The served photo carries no EXIF (the fixture's GPS): no 'Exif' block at all.
  const servedPhoto = await request.get(await photo.evaluate((image: HTMLImageElement) => image.currentSrc));
  expect(servedPhoto.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await servedPhoto.body()).includes(Buffer.from('Exif'))).toBe(false);
  expect(readFileSync(PHOTO_PATH).includes(Buffer.from('Exif'))).toBe(true);

  // The share image: the photo's green fills its right side (pink and white without a photo).
  const ogImage = await guest.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(new RegExp(`/api/public/calendars/${slug}/og\\.png\\?photo=`));
  const shareImage = await readImageColour(guest, ogImage!, { x: 720, y: 80, size: 60 });
  expect(shareImage.width).toBe(1200);
  expect(shareImage.g).toBeGreaterThan(shareImage.r + 60);
  const centre = await readImageColour(guest, ogImage!, { x: 900, y: 295, size: 40 });
  // The yellow circle at the photo's centre.
  expect(centre.r).toBeGreaterThan(180);
  expect(centre.b).toBeLessThan(100);
});
