import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type DevMail, uniqueEmail, waitForMail } from './mailbox.ts';

export const DEFAULT_PASSWORD = 'correct-horse-42';
export const VERIFICATION_SUBJECT = 'Confirm your email for Firstday';
export const RESET_SUBJECT = 'Reset your Firstday password';

export type Credentials = { email: string; password: string };

/** The first link in an e-mail whose path starts with `path`, whatever host the server put in front. */
export function findLinkByPath(mail: DevMail, path: string): string {
  const link = mail.text.split(/\s+/).find((word) => {
    if (!/^https?:\/\//.test(word)) return false;
    return new URL(word).pathname.startsWith(path);
  });
  if (!link) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return link;
}

/** Fills the sign-up form and waits for the 'Confirm your email' panel; the account is not verified yet. */
export async function signUp(
  page: Page,
  { name = 'Test Parent', email = uniqueEmail('parent'), password = DEFAULT_PASSWORD, path = '/signup' } = {},
): Promise<Credentials> {
  await page.goto(path);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  return { email, password };
}

/** The verification link e-mailed to `email`; opening it verifies the address and signs the browser in. */
export async function getVerificationLink(request: APIRequestContext, email: string): Promise<string> {
  return findLinkByPath(await waitForMail(request, email, VERIFICATION_SUBJECT), '/api/auth/verify-email');
}

/** Where a new account lands once its e-mail is verified: step 1 of the wizard. */
export const NEW_ACCOUNT_URL = /\/create_calendar$/;

/**
 * A verified account made through the API, as set-up: sign-up, then the e-mailed link. The sign-up
 * and verification journeys themselves go through the screens (signUp, in auth.spec.ts,
 * front-door.spec.ts and languages.spec.ts). The link signs in whoever opens it: `page.request`
 * signs the page's browser context in, the `request` fixture leaves the browser signed out.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  { name = 'Ada Parent', email = uniqueEmail('parent'), password = DEFAULT_PASSWORD } = {},
): Promise<Credentials> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const signedUp = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: origin },
    data: { name, email, password },
  });
  expect(signedUp.ok()).toBe(true);
  const verified = await request.get(await getVerificationLink(request, email));
  expect(verified.ok()).toBe(true);
  return { email, password };
}

/** A verified account made through the API, the page's browser context signed in; opens /my_calendars. */
export async function createVerifiedParent(
  page: Page,
  options: { name?: string; email?: string; password?: string } = {},
): Promise<Credentials> {
  const credentials = await createVerifiedAccount(page.request, options);
  await page.goto('/my_calendars');
  return credentials;
}

/** Logs in on /login (optionally with `?redirect=`); does not wait for the destination. */
export async function logIn(page: Page, { email, password }: Credentials, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
}
