import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  addDays,
  type CreatedCalendar,
  contribute,
  createActiveCalendar,
  createDraftCalendarAsSignedIn,
  dayButton,
  openAsVisitor,
  waitForHydration,
} from '../support/calendars.ts';
import { text } from '../support/catalogues.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { expectNoOverflow } from '../support/overflow.ts';

/**
 * The main screens hold the longest German and Russian words on the narrowest phones (320 px) and
 * on a common one (390 px): nothing makes the page scroll sideways, gets cut off or sticks out of
 * its cell. Each test is one screen, in every language at both widths.
 */
const LOCALES = ['en', 'de', 'ru'] as const;
type Locale = (typeof LOCALES)[number];
const WIDTHS = [320, 390];
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-US', de: 'de-DE', ru: 'ru-RU' };
const LOCALE_COOKIE = 'firstday_locale';
// A test opens its screen six times, and the first one in a worker also makes the calendar.
test.describe.configure({ timeout: 120_000 });

type Setup = { calendar: CreatedCalendar; ownerState: Awaited<ReturnType<BrowserContext['storageState']>> };
let setup: Setup | undefined;

/**
 * One calendar for the whole file (per worker): due in 20 days, so its grid shows days that have
 * passed, today, two months and the due date; a guest's wish gives a day a count and the inbox a wish.
 */
async function getSetup(browser: Browser): Promise<Setup> {
  if (setup) return setup;
  const context = await browser.newContext();
  const page = await context.newPage();
  const calendar = await createActiveCalendar(page, { dueInDays: 20 });
  const guest = await openAsVisitor(browser, calendar.slug);
  await contribute(guest, {
    date: addDays(calendar.dueDate, -1),
    name: 'Urgroßmutter Hildegard',
    email: uniqueEmail('hildegard'),
    wish: 'Herzlichen Glückwunsch! Wir freuen uns riesig auf die Kinderwagenspaziergänge.',
  });
  await guest.context().close();
  setup = { calendar, ownerState: await context.storageState() };
  await context.close();
  return setup;
}

type Visit = { page: Page; locale: Locale };

/** A phone's browser in `locale`; when `signedIn`, the owner's, with the account speaking `locale` too. */
async function openPhone(browser: Browser, locale: Locale, { signedIn = false } = {}): Promise<Page> {
  const storageState = signedIn ? (await getSetup(browser)).ownerState : undefined;
  const context = await browser.newContext({
    storageState,
    locale: BROWSER_LOCALE[locale],
    viewport: { width: WIDTHS[0] ?? 320, height: 800 },
    // Carousels hold still (no autoplay), so no slide is caught half-way out of its frame.
    reducedMotion: 'reduce',
  });
  const baseURL = test.info().project.use.baseURL ?? '';
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL }]);
  const page = await context.newPage();
  if (signedIn) {
    const saved = await page.request.put('/api/account/locale', {
      headers: { Origin: new URL(baseURL).origin },
      data: { locale },
    });
    expect(saved.ok()).toBe(true);
  }
  return page;
}

/** The screen as it is now, at each width. */
async function checkWidths({ page, locale }: Visit, screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoOverflow(page, `${screen} in ${locale} at ${width}px`);
  }
}

/** Opens a screen in each language (`open` navigates and waits until it is complete) and checks it. */
async function checkEveryLocale(
  browser: Browser,
  screen: string,
  open: (visit: Visit) => Promise<void>,
  options: { signedIn?: boolean } = {},
) {
  for (const locale of LOCALES) {
    const page = await openPhone(browser, locale, options);
    await open({ page, locale });
    await checkWidths({ page, locale }, screen);
    await page.context().close();
  }
}

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 }).first();
}

/** A prerendered marketing page: '/faq' in English, '/de/faq' in German. */
function marketingPath(locale: Locale, path: string) {
  return locale === 'en' ? `/${path}` : `/${locale}/${path}`;
}

for (const [screen, path] of [
  ['the landing page', ''],
  ['the FAQ', 'faq'],
  ['the sign-up page', 'join_us'],
] as const) {
  test(`${screen} fits a phone in every language`, async ({ browser }) => {
    await checkEveryLocale(browser, screen, async ({ page, locale }) => {
      await page.goto(marketingPath(locale, path));
      await expect(heading(page)).toBeVisible();
    });
  });
}

test('log in fits a phone in every language', async ({ browser }) => {
  await checkEveryLocale(browser, 'log in', async ({ page, locale }) => {
    await page.goto('/login');
    await expect(heading(page)).toHaveText(text(locale, 'auth.login.title'));
  });
});

test('the guest page and its day grid fit a phone in every language', async ({ browser }) => {
  const { calendar } = await getSetup(browser);
  await checkEveryLocale(browser, 'the guest page', async ({ page }) => {
    await page.goto(`/c/${calendar.slug}`);
    await waitForHydration(page);
    // Today's tag is the browser's: it appears once the page runs.
    await expect(page.locator('button[data-today]')).toHaveCount(1);
    await expect(dayButton(page, addDays(calendar.dueDate, -1))).toContainText('1');
  });
});

test('the contribution form fits a phone in every language', async ({ browser }) => {
  const { calendar } = await getSetup(browser);
  await checkEveryLocale(browser, 'the contribution form', async ({ page, locale }) => {
    await page.goto(`/c/${calendar.slug}`);
    await waitForHydration(page);
    await dayButton(page, addDays(calendar.dueDate, 2)).click();
    const dialog = page.getByRole('dialog');
    // With a gift chosen, the card fields are shown too.
    await dialog.getByRole('radio').nth(1).check();
    await expect(dialog.getByLabel(text(locale, 'app.card.number'))).toBeVisible();
  });
});

test('the creation wizard fits a phone in every language, step by step', async ({ browser }) => {
  const titleKeys = [
    'calendars.wizard.titleDetails',
    'calendars.wizard.titleCustomize',
    'calendars.wizard.titlePlan',
    'calendars.wizard.titlePayment',
  ];
  for (const locale of LOCALES) {
    const page = await openPhone(browser, locale, { signedIn: true });
    await page.goto('/my_calendars');
    const draft = await createDraftCalendarAsSignedIn(page);
    for (const [index, titleKey] of titleKeys.entries()) {
      const moved = await page.request.patch(`/api/calendars/${draft.id}`, {
        headers: { Origin: new URL(page.url()).origin },
        data: { wizardStep: index + 1 },
      });
      expect(moved.ok()).toBe(true);
      await page.goto(`/create_calendar?draft=${draft.id}`);
      await expect(heading(page)).toHaveText(text(locale, titleKey));
      await checkWidths({ page, locale }, `wizard step ${index + 1}`);
    }
    await page.context().close();
  }
});

test('My calendars fits a phone in every language', async ({ browser }) => {
  await checkEveryLocale(
    browser,
    'My calendars',
    async ({ page, locale }) => {
      await page.goto('/my_calendars');
      await expect(heading(page)).toHaveText(text(locale, 'calendars.myCalendars.title'));
      await expect(page.getByText('Baby Parent').first()).toBeVisible();
    },
    { signedIn: true },
  );
});

test('Calendar Info fits a phone in every language', async ({ browser }) => {
  const { calendar } = await getSetup(browser);
  await checkEveryLocale(
    browser,
    'Calendar Info',
    async ({ page, locale }) => {
      await page.goto(`/my_calendars/${calendar.id}`);
      await expect(heading(page)).toHaveText(text(locale, 'calendars.info.title'));
      await expect(page.getByRole('heading', { name: text(locale, 'calendars.share.title') })).toBeVisible();
    },
    { signedIn: true },
  );
});

test('Settings fits a phone in every language', async ({ browser }) => {
  await checkEveryLocale(
    browser,
    'Settings',
    async ({ page }) => {
      await page.goto('/settings');
      await expect(page.getByRole('textbox').first()).not.toHaveValue('');
    },
    { signedIn: true },
  );
});

test('the wishes inbox fits a phone in every language', async ({ browser }) => {
  await checkEveryLocale(
    browser,
    'the wishes inbox',
    async ({ page, locale }) => {
      await page.goto('/wishes');
      await expect(heading(page)).toHaveText(text(locale, 'contributions.wishes.title'));
      await expect(page.getByText(/Urgroßmutter Hildegard/)).toBeVisible();
    },
    { signedIn: true },
  );
});
