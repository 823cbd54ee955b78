import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';

const MARKETING_PAGES = [
  '/',
  '/green',
  '/join_us',
  '/faq',
  '/terms',
  '/privacy',
  '/articles',
  '/ru/articles/starting-early',
  '/no-such-page',
];

test.describe('start buttons', () => {
  const buttons: Array<[string, string]> = [
    ['/', 'Start my calendar'],
    ['/', "Start your baby's future"],
    ['/', 'Start today, gift a lifetime'],
    ['/', 'Start The Calendar'],
    ['/green', "Start your child's Future Fund now"],
  ];
  for (const [page, name] of buttons) {
    test(`'${name}' on ${page} opens /join_us, and Back returns`, async ({ page: tab }) => {
      await tab.goto(page);
      await tab.getByRole('link', { name, exact: true }).first().click();
      await expect(tab).toHaveURL('/join_us');
      await expect(tab.getByRole('heading', { name: 'Start the Journey' })).toBeVisible();
      await tab.goBack();
      await expect(tab).toHaveURL(page);
    });
  }
});

test('header anchors scroll to their sections', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('banner').getByRole('navigation');
  for (const id of ['How_it_works', 'Time_is_the_Best_Gift', 'What_you_will_get', 'Blog', 'Video']) {
    await nav.locator(`a[href$="#${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
});

test('burger menu opens, closes, and closes when a link is chosen at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open menu' });
  const faqLink = page.getByRole('banner').getByRole('link', { name: 'FAQ' });
  await expect(faqLink).toBeHidden();
  await burger.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(faqLink).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(faqLink).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('banner').locator('a[href$="#Blog"]').click();
  await expect(page).toHaveURL(/#Blog$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('milestones calculator changes values when age and amount are clicked', async ({ page }) => {
  await page.goto('/');
  const calculator = page.locator('#Time_is_the_Best_Gift');
  await expect(calculator.getByText('$1,469')).toBeVisible();
  await expect(calculator.getByText('First music school')).toBeVisible();

  await calculator.getByRole('button', { name: '$5,000' }).click();
  await expect(calculator.getByText('$7,347')).toBeVisible();
  await expect(calculator.getByText('Private preschool/school')).toBeVisible();

  await calculator.getByRole('button', { name: '15', exact: true }).click();
  await expect(calculator.getByText('$15,861')).toBeVisible();
  await expect(calculator.getByText('College savings')).toBeVisible();
  await expect(calculator.getByText('$7,347')).toBeHidden();
});

test('FAQ search filters as you type and shows an empty state', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.locator('main details, main [aria-expanded]');
  await expect(questions).toHaveCount(21);
  const search = page.getByRole('searchbox');
  await search.fill('fee');
  await expect.poll(() => questions.count()).toBeLessThan(21);
  await expect.poll(() => questions.count()).toBeGreaterThan(0);
  await search.fill('zzzz no such topic');
  await expect(questions).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /No questions match/ })).toBeVisible();
  // Where gifts can be paid out and why identity is checked (issue 24).
  await search.fill('identity');
  await expect(page.getByText('Why do you check who I am before paying out?')).toBeVisible();
});

test("the FAQ's 'Back' returns to the page the visitor came from, else to the home page", async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/terms');

  await page.goto('/faq');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404: Oops! Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL('/');
});

test('every marketing page has a title, description and Open Graph tags', async ({ page }) => {
  for (const path of MARKETING_PAGES.filter((path) => path !== '/no-such-page')) {
    await page.goto(path);
    await expect(page).toHaveTitle(/Firstday/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
  }
});

for (const path of MARKETING_PAGES) {
  for (const width of [1440, 390]) {
    test(`axe finds no serious or critical violation on ${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expectNoSeriousAxeViolation(page, path);
    });
  }
}

test("says 'Test mode' on every page while payments are simulated (the sandbox)", async ({ page }) => {
  for (const path of ['/', '/faq', '/login', '/no-such-page']) {
    await page.goto(path);
    const ribbon = page.getByRole('note').filter({ hasText: 'Test mode' });
    await expect(ribbon).toBeVisible();
    await expect(ribbon).toContainText('payments are simulated');
  }
});

test("focus rings are the brand's pink, not the browser's blue", async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toHaveCSS('outline-color', 'rgb(181, 55, 100)');
  await expect(skipLink).toHaveCSS('outline-style', 'solid');
});

test('a wrapped legal section title keeps its number on its first line, the rest beside it, at 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/terms');
  const heading = page.getByRole('heading', { name: '6. Wishes, messages and fair use' });
  const number = await heading.getByText('6.', { exact: true }).boundingBox();
  const title = await heading.getByText('Wishes, messages and fair use', { exact: true }).boundingBox();
  const oneLine = await page
    .getByRole('heading', { name: '2. Who can use Firstday' })
    .getByText('Who can use Firstday', { exact: true })
    .boundingBox();
  expect(number && title && oneLine).toBeTruthy();
  // The title wraps at this width, and every line of it starts right of the number.
  expect(title!.height).toBeGreaterThan(oneLine!.height * 1.5);
  expect(title!.x).toBeGreaterThan(number!.x + number!.width);
  expect(Math.abs(title!.y - number!.y)).toBeLessThan(2);
});
