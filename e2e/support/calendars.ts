/** Shared steps of the calendar specs: a creator's active calendar and a visitor's contributions. */
import { type Browser, expect, type Page } from '@playwright/test';
import { type Credentials, createVerifiedParent } from './auth.ts';

export const VALID_IBAN = 'DE89370400440532013000';
export const GOOD_CARD = '4242 4242 4242 4242';
/**
 * Declines are counted against the address that tried (decision 022), and every e2e test comes from
 * 127.0.0.1: a run may decline at most 9 payments in an hour (10 pause the address), and one card
 * at most twice (3 pause the card). Today 5: this card twice, fee-card-testing.spec.ts three others.
 */
export const DECLINED_CARD = '4000 0000 0000 0002';

export type CreatedCalendar = { id: string; slug: string; dueDate: string; owner: Credentials };

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type CalendarSettings = {
  /** 'Baby Parent' unless given; "Ada's calendar" leaves the calendar with its automatic name. */
  title?: string;
  background?: 'pink' | 'blue' | 'sun';
  hideSenderNames?: boolean;
  hideTotal?: boolean;
  dueInDays?: number;
  currency?: 'usd' | 'eur' | 'gbp';
  /** The payout account's fields as the API takes them; a German IBAN unless given. */
  bank?:
    | { iban: string }
    | { routingNumber: string; accountNumber: string }
    | { sortCode: string; accountNumber: string };
};

/**
 * A verified creator with an active calendar, both made through the API, the page's browser context
 * signed in as the creator. The sign-up screens and the wizard have their own specs.
 */
export async function createActiveCalendar(page: Page, settings: CalendarSettings = {}): Promise<CreatedCalendar> {
  const owner = await createVerifiedParent(page);
  return { ...(await createActiveCalendarAsSignedIn(page, settings)), owner };
}

/**
 * A draft of the account the page is signed in with, every step filled in and its fee not paid:
 * `/create_calendar?draft=<id>` opens it on the payment step. Due in 30 days unless `dueInDays`
 * says otherwise (0: due today, so the window's first four weeks have passed).
 */
export async function createDraftCalendarAsSignedIn(
  page: Page,
  { dueInDays = 30, currency = 'usd', bank = { iban: VALID_IBAN }, ...settings }: CalendarSettings = {},
): Promise<{ id: string; dueDate: string }> {
  const headers = { Origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/calendars', {
    headers,
    // In dollars unless asked otherwise: the German IBAN alone would make it a calendar in euros.
    data: { firstName: 'Ada', lastName: 'Parent', ...bank, currency },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const dueDate = addDays(new Date().toISOString().slice(0, 10), dueInDays);
  const patched = await page.request.patch(`/api/calendars/${id}`, {
    headers,
    data: { dueDate, title: 'Baby Parent', wizardStep: 4, ...settings },
  });
  expect(patched.ok()).toBe(true);
  return { id, dueDate };
}

/** The same draft with its fee paid through the API, e.g. for a federated account. */
export async function createActiveCalendarAsSignedIn(
  page: Page,
  settings: CalendarSettings = {},
): Promise<Omit<CreatedCalendar, 'owner'>> {
  const { id, dueDate } = await createDraftCalendarAsSignedIn(page, settings);
  const paid = await page.request.post(`/api/calendars/${id}/pay`, {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      idempotencyKey: crypto.randomUUID(),
      method: { type: 'card', card: { number: GOOD_CARD, holderName: 'Ada Parent', expiry: '12/35', cvc: '123' } },
    },
  });
  expect(paid.ok()).toBe(true);
  let slug = '';
  await expect
    .poll(async () => {
      const calendar = (await (await page.request.get(`/api/calendars/${id}`)).json()) as {
        status: string;
        slug: string;
      };
      slug = calendar.slug;
      return calendar.status;
    })
    .toBe('active');
  return { id, slug, dueDate };
}

/** A visitor without an account: a fresh browser context, no cookies of the creator. */
export async function openAsVisitor(browser: Browser, slug: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/c/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(page);
  return page;
}

/**
 * The guest page arrives rendered by the server: its buttons are visible before React has taken
 * them over (a click then does nothing). React marks each element it hydrates with its fiber.
 */
export async function waitForHydration(page: Page) {
  await expect.poll(() => isHydrated(page)).toBe(true);
}

export function isHydrated(page: Page): Promise<boolean> {
  return page
    .getByRole('heading', { level: 1 })
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

export function dayButton(page: Page, isoDate: string) {
  return page.locator(`button[data-date="${isoDate}"]`);
}

export async function fillContribution(
  page: Page,
  { name, email, wish, card }: { name: string; email: string; wish: string; card?: string },
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByLabel('Your e-mail').fill(email);
  await dialog.getByLabel('Your wish').fill(wish);
  if (card) {
    await dialog.getByRole('radio', { name: '$25' }).check();
    await dialog.getByLabel('Card number').fill(card);
    await dialog.getByLabel('Cardholder name').fill(name);
    await dialog.getByLabel('Expiry date').fill('12/35');
    await dialog.getByLabel('CVS').fill('123');
  }
}

export type Contribution = { date: string; name: string; email: string; wish: string; card?: string };

/** One guess (with a $25 gift when `card` is given) through the public page, as a visitor does it; waits for the thank-you screen. */
export async function contribute(visitor: Page, contribution: Contribution) {
  await dayButton(visitor, contribution.date).click();
  await fillContribution(visitor, contribution);
  await visitor.getByRole('button', { name: contribution.card ? 'Send wish and $25' : 'Send my wish' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 40_000 });
}
