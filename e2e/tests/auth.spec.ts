import { expect, type Page, test } from '@playwright/test';
import {
  createVerifiedAccount,
  createVerifiedParent,
  DEFAULT_PASSWORD,
  findLinkByPath,
  getVerificationLink,
  logIn,
  NEW_ACCOUNT_URL,
  RESET_SUBJECT,
  signUp,
} from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { type DevMail, uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { UNVOUCHED_LOGIN_PREFIX } from '../support/oidc-provider.ts';

/** Ticks ALTCHA's checkbox and waits for the proof of work to finish. */
async function solveCaptcha(page: Page) {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click({ force: true });
  // ALTCHA relabels its checkbox once the proof of work is done.
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 20_000 });
}

test.describe('sign up', () => {
  test('sign up, verification e-mail, link lands in step 1 of the wizard', async ({ page, request }) => {
    const { email } = await signUp(page, { name: 'Ada Lovelace' });
    const link = await getVerificationLink(request, email);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/create_calendar');
    await page.goto(link);
    await expect(page).toHaveURL(NEW_ACCOUNT_URL);
    await expect(page.getByRole('heading', { name: 'Create Your Calendar' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
  });

  test("/signup?redirect= keeps its target through the e-mailed link and hands it to 'Log In'", async ({
    page,
    request,
  }) => {
    await page.goto('/signup?redirect=%2Fsettings');
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?redirect=%2Fsettings');
    const { email } = await signUp(page, { path: '/signup?redirect=%2Fsettings' });
    await page.goto(await getVerificationLink(request, email));
    await expect(page).toHaveURL('/settings');
  });

  test('empty and invalid fields are refused inline', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your e-mail address.')).toBeVisible();
    await expect(page.getByText('Please enter a password.')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(page.getByText('Your password needs at least 8 characters.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  test('the confirm panel checks, resends, and moves on when another tab verifies', async ({
    page,
    context,
    request,
  }) => {
    const { email } = await signUp(page);
    await expect(page.getByText('If this address already has a Firstday account')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeFocused();

    await page.getByRole('button', { name: "I've confirmed my email" }).click();
    await expect(page.getByText('Email still not verified. Check your email.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText(`Mail resended to ${email}`)).toBeVisible();

    const otherTab = await context.newPage();
    await otherTab.goto(await getVerificationLink(request, email));
    await expect(otherTab).toHaveURL(NEW_ACCOUNT_URL);
    // The first tab was not touched: its 5-second poll sees the new session and moves on by itself.
    await expect(page).toHaveURL(NEW_ACCOUNT_URL, { timeout: 15_000 });
  });

  test('an address that already has an account gets the same panel', async ({ page, request }) => {
    const { email } = await createVerifiedAccount(request);
    await signUp(page, { email, password: 'another-password-1' });
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  });
});

test.describe('log in', () => {
  test('log in, log out, log in again with a redirect', async ({ page }) => {
    const credentials = await createVerifiedParent(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);

    await logIn(page, credentials);
    await expect(page).toHaveURL('/my_calendars');
    // Already signed in: the login page goes straight on, replacing itself in history.
    await page.goto('/login');
    await expect(page).toHaveURL('/my_calendars');
  });

  test('empty fields, show/hide password, wrong password', async ({ page, request }) => {
    const credentials = await createVerifiedAccount(request);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    await logIn(page, { email: credentials.email, password: 'wrong-password-1' });
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
    await logIn(page, { email: uniqueEmail('nobody'), password: 'wrong-password-1' });
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('link', { name: 'I forgot password' })).toHaveAttribute('href', '/resetpassword');
  });

  test('an unverified e-mail is explained, with a resend action', async ({ page, request }) => {
    const credentials = await signUp(page);
    await logIn(page, credentials);
    await expect(page.getByRole('alert')).toContainText('Please confirm your e-mail address first');
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect(page.getByText('Verification email resent successfully.')).toBeVisible();
    let mails: DevMail[] = [];
    await expect
      .poll(async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(credentials.email)}`);
        mails = (await response.json()) as DevMail[];
        return mails.length;
      })
      .toBeGreaterThanOrEqual(2);
    // The account has never been in: like the first link, the resent one leads to the wizard.
    const targets = mails.map((mail) =>
      new URL(findLinkByPath(mail, '/api/auth/verify-email')).searchParams.get('callbackURL'),
    );
    expect(targets).toEqual(['/create_calendar', '/create_calendar']);
  });

  test('a signed-out visit to /settings goes to log in and back', async ({ page, request }) => {
    const credentials = await createVerifiedAccount(request);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
    // One way to sign up instead, and it keeps the target.
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup?redirect=%2Fsettings');
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page).toHaveURL('/settings');
  });

  test('a redirect to another site is ignored', async ({ page, request }) => {
    const credentials = await createVerifiedAccount(request);
    await logIn(page, credentials, '//evil.example/steal');
    await expect(page).toHaveURL('/my_calendars');
  });
});

test.describe('password recovery', () => {
  test('reset with captcha, e-mailed link, new password, log in; a used link is refused', async ({ page, request }) => {
    const { email } = await createVerifiedAccount(request);

    await page.goto('/resetpassword');
    await page.getByRole('button', { name: 'Recover my password' }).click();
    await expect(page.getByText('Please provide an email address to recover password')).toBeVisible();
    await expect(page.getByText('Please verify the captcha!')).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await solveCaptcha(page);
    await expect(page.getByText('Please verify the captcha!')).toBeHidden();
    await page.getByRole('button', { name: 'Recover my password' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await expect(page.getByText('Form submission successful!').first()).toBeVisible();
    await expect(page.getByText(`We sent a link to ${email} if it has an account.`)).toBeVisible();

    // Resend goes back one step with the address kept: a new link needs a new captcha.
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByText('To send a new link, please verify the captcha again.')).toBeVisible();

    const link = findLinkByPath(await waitForMail(request, email, RESET_SUBJECT), '/resetpassword');
    expect(link).toContain('oobCode=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset my password' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await expect(page.getByText('Please provide a new password')).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await expect(page.getByText('Your password needs at least 8 characters.')).toBeVisible();

    const newPassword = 'brand-new-password-7';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await expect(page.getByText('Password reset successful!')).toBeVisible();
    await expect(page).toHaveURL('/login?notice=password-reset');

    await logIn(page, { email, password: DEFAULT_PASSWORD });
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
    await logIn(page, { email, password: newPassword });
    await expect(page).toHaveURL('/my_calendars');

    // The same link a second time: expired message, back to step 1 without the code in the address.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New password').fill('yet-another-password-8');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await expect(page.getByText('The password reset link has expired. Please request a new one.')).toBeVisible();
    await expect(page).toHaveURL('/resetpassword');
    await expect(page.getByRole('button', { name: 'Recover my password' })).toBeVisible();
  });

  test('/passwordrecovery keeps the query and lands on the reset screen', async ({ page }) => {
    await page.goto('/passwordrecovery?oobCode=some-code');
    await expect(page).toHaveURL('/resetpassword?oobCode=some-code');
    await expect(page.getByRole('heading', { name: 'Reset my password' })).toBeVisible();
  });
});

test('account screens have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/signup', '/resetpassword', '/resetpassword?oobCode=x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolation(page, page.url());
  }
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await expectNoSeriousAxeViolation(page, page.url());
});

/**
 * Federated sign-in against the local OpenID Connect provider of the e2e stack
 * (e2e/support/oidc-provider.ts): its form takes any login and password, then asks for consent.
 */
async function signInWithProvider(page: Page, login: string) {
  const config = (await (await page.request.get('/api/config')).json()) as {
    federatedProvider: { name: string } | null;
  };
  // The e2e stack always runs a local OpenID Connect provider (e2e/support/start-stack.ts).
  expect(config.federatedProvider).not.toBeNull();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${config.federatedProvider!.name}` }).click();
  const popup = await popupPromise;
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any-password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  return popup;
}

test('federated popup sign-in: a new account lands in the wizard, a known one on /my_calendars', async ({ page }) => {
  const login = uniqueEmail('federated');
  await page.goto('/login');
  const popup = await signInWithProvider(page, login);
  await expect(page).toHaveURL(NEW_ACCOUNT_URL, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Create Your Calendar' })).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);

  await page.context().clearCookies();
  await page.goto('/login');
  await signInWithProvider(page, login);
  await expect(page).toHaveURL('/my_calendars', { timeout: 20_000 });
});

test('federated sign-in for an address the provider does not vouch for: confirmed by our e-mail first', async ({
  page,
  request,
}) => {
  const login = uniqueEmail(UNVOUCHED_LOGIN_PREFIX);
  await page.goto('/login');
  await signInWithProvider(page, login);
  await expect(page.getByRole('alert')).toHaveText(
    'Almost there: please confirm your e-mail address. Open the link we e-mailed you, and you’re signed in.',
    { timeout: 20_000 },
  );
  await expect(page).toHaveURL('/login');
  // The e-mailed link verifies the address and signs in.
  await page.goto(await getVerificationLink(request, login));
  await expect(page).toHaveURL('/my_calendars', { timeout: 20_000 });
});

test('federated sign-in does not reach a password account whose address the provider does not vouch for', async ({
  page,
  request,
}) => {
  const owner = await createVerifiedAccount(request, { email: uniqueEmail(UNVOUCHED_LOGIN_PREFIX) });
  await page.goto('/login');
  await signInWithProvider(page, owner.email);
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this e-mail address already exists. Please log in with your e-mail and password (or reset your password if you’ve forgotten it).',
    { timeout: 20_000 },
  );
  await expect(page).toHaveURL('/login');
  await logIn(page, owner);
  await expect(page).toHaveURL('/my_calendars');
});
