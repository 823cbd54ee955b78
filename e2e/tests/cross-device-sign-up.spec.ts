import { createHmac } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  DEFAULT_PASSWORD,
  findLinkByPath,
  getVerificationLink,
  NEW_ACCOUNT_URL,
  signUp,
  VERIFICATION_SUBJECT,
} from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { type DevMail, uniqueEmail } from '../support/mailbox.ts';

/** The e2e server runs without APP_SECRET, so with the development one (server/src/lib/env.ts). */
const E2E_APP_SECRET = 'development-secret-not-for-production-use-000';

/** Another device: a browser context that shares nothing with the sign-up tab's. */
async function openOnPhone(browser: Browser, baseURL: string | undefined, link: string) {
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(link);
  return { phone, page };
}

/** The same link with its token re-signed to have expired a minute ago, as one from yesterday. */
function expireLink(link: string): string {
  const url = new URL(link);
  const [header, payload] = (url.searchParams.get('token') ?? '').split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const expired = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', E2E_APP_SECRET).update(`${header}.${expired}`).digest('base64url');
  url.searchParams.set('token', `${header}.${expired}.${signature}`);
  return url.toString();
}

async function listVerificationMails(request: APIRequestContext, email: string): Promise<DevMail[]> {
  const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as DevMail[]).filter((mail) => mail.subject.includes(VERIFICATION_SUBJECT));
}

test.describe('sign-up on one device, confirmation on another', () => {
  test('the sign-up tab moves on to the wizard by itself once the link was opened on a phone', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { email } = await signUp(page);
    const { phone, page: phonePage } = await openOnPhone(browser, baseURL, await getVerificationLink(request, email));
    await expect(phonePage).toHaveURL(NEW_ACCOUNT_URL);
    await phone.close();

    // No click on the laptop: its poll turns the sign-up into a session.
    await expect(page).toHaveURL(NEW_ACCOUNT_URL, { timeout: 15_000 });
    const session = await (await page.request.get('/api/auth/get-session')).json();
    expect(session.user).toMatchObject({ email, emailVerified: true });
  });

  test("'I've confirmed my email' goes on at once after the phone confirmed", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { email } = await signUp(page);
    const confirmed = page.getByRole('button', { name: "I've confirmed my email" });
    await expect(confirmed).toBeVisible();
    const { phone } = await openOnPhone(browser, baseURL, await getVerificationLink(request, email));
    await phone.close();
    // The tab's own check (every 5 s) may already have moved on; if not, the button does at once.
    // (A click on a button that left the page would wait for the test's whole timeout.)
    if (await confirmed.isVisible()) await confirmed.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page).toHaveURL(NEW_ACCOUNT_URL, { timeout: 4_000 });
  });
});

test.describe('a confirmation link that cannot confirm', () => {
  test('an expired link explains itself and sends a new one that works', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('expired');
    const signedUp = await request.post('/api/auth/sign-up/email', {
      headers: { Origin: new URL(baseURL ?? '').origin },
      data: { name: 'Late Parent', email, password: DEFAULT_PASSWORD, callbackURL: '/create_calendar' },
    });
    expect(signedUp.ok()).toBe(true);
    const first = await getVerificationLink(request, email);

    await page.goto(expireLink(first));
    await expect(page.getByRole('heading', { name: 'This confirmation link has expired' })).toBeVisible();
    await expect(page.getByText('Confirmation links work for 24 hours.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText(`If ${email} has an account waiting for confirmation`)).toBeVisible();

    await expect.poll(async () => (await listVerificationMails(request, email)).length).toBe(2);
    const fresh = (await listVerificationMails(request, email))
      .map((mail) => findLinkByPath(mail, '/api/auth/verify-email'))
      .find((link) => link !== first);
    await page.goto(fresh ?? '');
    await expect(page).toHaveURL(NEW_ACCOUNT_URL);
  });

  test('a used link says the address is confirmed and leads to log in', async ({ page, request }) => {
    const { email, password } = await createVerifiedAccount(request, { email: uniqueEmail('used') });
    await page.goto(await getVerificationLink(request, email));
    await expect(page.getByRole('heading', { name: 'This confirmation link was already used' })).toBeVisible();
    await expect(page.getByText('Your e-mail address is already confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in', exact: true }).first().click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a broken link says it does not work and offers a new one', async ({ page }) => {
    await page.goto('/api/auth/verify-email?token=cut.short&callbackURL=%2Fcreate_calendar');
    await expect(page.getByRole('heading', { name: "This confirmation link doesn't work" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  });
});

test('the explanation reads in German and Russian on a phone, with no serious accessibility violation', async ({
  browser,
  baseURL,
}) => {
  const pages = [
    {
      locale: 'de-DE',
      link: 'expired',
      heading: 'Dieser Bestätigungslink ist abgelaufen',
      button: 'Neuen Link senden',
    },
    { locale: 'ru-RU', link: 'used', heading: 'Эта ссылка уже использована', button: null },
  ];
  for (const { locale, link, heading, button } of pages) {
    const context = await browser.newContext({ baseURL, locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/confirm_email?link=${link}&redirect=%2Fcreate_calendar&email=oma%40example.com`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    if (button) await expect(page.getByRole('button', { name: button })).toBeVisible();
    await expectNoSeriousAxeViolation(page, heading);
    await context.close();
  }
});
