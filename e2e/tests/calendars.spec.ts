import { expect, type Page, test } from '@playwright/test';
import { createVerifiedParent } from '../support/auth.ts';
import { expectNoSeriousAxeViolation } from '../support/axe.ts';
import { createActiveCalendar, createDraftCalendarAsSignedIn, waitForHydration } from '../support/calendars.ts';
import { holdScripts } from '../support/hold-scripts.ts';

// Stripe's test bank account in the US: it passes their checks and takes payouts.
const US_ROUTING_NUMBER = '110000000';
const US_ACCOUNT_NUMBER = '000123456789';
const DECLINED_CARD = '4000000000000002';
const GOOD_CARD = '4242424242424242';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** An ISO date `days` from today (UTC, as the due-date rule counts). */
function isoDateFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

async function fillDetails(page: Page, { firstName = 'Ada', lastName = 'Lovelace' } = {}) {
  await expect(stepHeading(page, 'Create Your Calendar')).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  // An English page starts with a US bank account (issue 24): routing and account number, paid out
  // in dollars only, so no other currency is offered. (languages.spec.ts: a German IBAN, in euros.)
  await expect(page.getByRole('radio', { name: 'United States (routing and account number)' })).toBeChecked();
  await page.getByLabel('Routing number', { exact: true }).fill(US_ROUTING_NUMBER);
  await page.getByLabel('Account number', { exact: true }).fill(US_ACCOUNT_NUMBER);
  await expect(page.getByRole('radio', { name: /^US dollar/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Euro\b/ })).toHaveCount(0);
}

async function fillCustomization(page: Page, dueDate = isoDateFromToday(30)) {
  await expect(stepHeading(page, 'Customize Your Calendar')).toBeFocused();
  await page.getByLabel('Expected birth date').fill(dueDate);
}

async function fillCard(page: Page, number: string) {
  const cardNumber = page.getByLabel('Card number');
  await cardNumber.fill('');
  await cardNumber.pressSequentially(number);
  await page.getByLabel('Cardholder name').fill('Ada Lovelace');
  const expiry = page.getByLabel('Expiry date');
  await expiry.fill('');
  await expiry.pressSequentially('1234');
  await page.getByLabel('CVS').fill('123');
}

/**
 * The payment step of a draft made through the API with steps 1 to 3 filled in (in dollars), for
 * the tests of that step; the first test goes through steps 1 to 3 on screen.
 */
async function openPaymentStep(page: Page) {
  const { id } = await createDraftCalendarAsSignedIn(page);
  await page.goto(`/create_calendar?draft=${id}`);
  await expect(stepHeading(page, 'Payment')).toBeVisible();
}

test('a new parent creates and pays for a calendar in five steps and finds it in My calendars', async ({ page }) => {
  // Five screens, each with an accessibility check: 40–50 s with two browsers on a 2-core machine.
  test.setTimeout(90_000);
  await createVerifiedParent(page, { name: 'Grace Parent' });
  await expect(page.getByRole('heading', { name: 'No calendars yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create your calendar' }).click();

  // Step 1: the account's name is there; the progress shows step 1 of 5.
  await expect(stepHeading(page, 'Create Your Calendar')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]')).toContainText('Details');
  await expectNoSeriousAxeViolation(page, 'step 1');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription(/Please enter your name\./);
  await expect(page.getByLabel('Last name')).toBeFocused();
  // A bank in a country gifts cannot reach is named before the fee; a routing number with a typo is refused.
  await page.getByRole('radio', { name: 'Another country' }).check();
  await expect(page.getByText('Firstday cannot pay out to banks in this country yet')).toBeVisible();
  await page.getByRole('radio', { name: 'United States (routing and account number)' }).check();
  await page.getByLabel('Routing number', { exact: true }).fill('110000001');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByLabel('Routing number', { exact: true })).toHaveAccessibleDescription(
    /This routing number is not valid: please check it for typos\./,
  );
  await expect(page.getByLabel('Account number', { exact: true })).toHaveAccessibleDescription(
    /Please enter the account number\./,
  );
  await fillDetails(page, { firstName: 'Grace', lastName: 'Hopper' });
  await page.getByRole('button', { name: 'Next Step' }).click();

  // Step 2: the draft is on the server and in the URL; the preview follows the background.
  await fillCustomization(page);
  await expect(page).toHaveURL(/\/create_calendar\?draft=[0-9a-f-]{36}&step=2$/);
  await expect(page.getByRole('radio', { name: 'Pink Blossom' })).toBeChecked();
  await page.getByRole('radio', { name: 'Blue sky' }).check();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('Blue sky')).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'step 2');
  await page.getByRole('button', { name: 'Next Step' }).click();

  // Step 3: the plan.
  await expect(stepHeading(page, 'Your Subscription Plan')).toBeFocused();
  await expect(page.getByText('$20', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'step 3');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  // Step 4: card fields format as typed.
  await expect(stepHeading(page, 'Payment')).toBeFocused();
  await expect(page.getByText('Only $20 for start')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with Google Pay' })).toBeVisible();
  await expectNoSeriousAxeViolation(page, 'step 4');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(/Please enter the card number\./);
  await fillCard(page, GOOD_CARD);
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/34');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Step 5: welcome with the share link.
  await expect(stepHeading(page, 'Welcome to Your Calendar!')).toBeFocused();
  await expect(page.getByText("Your subscription is active! Let's get started.")).toBeVisible();
  const shareLink = page.getByLabel('Your calendar’s link');
  await expect(shareLink).toHaveValue(/^http:\/\/localhost:\d+\/c\/[0-9A-Za-z]{12}$/);
  await expectNoSeriousAxeViolation(page, 'step 5');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Calendar' }).click();

  // My calendars: the new calendar, active.
  await expect(page).toHaveURL(/\/my_calendars$/);
  const card = page.getByRole('article', { name: "Grace's calendar" });
  await expect(card.getByText('Active')).toBeVisible();
});

test("My calendars leads with sharing while nobody has joined; the card's menu writes to support and opens the announcement", async ({
  page,
}) => {
  await createActiveCalendar(page, { title: "Grace's calendar" });
  await page.goto('/my_calendars');
  // My calendars paints before its scripts run (decision 036): its menus and the card's click need them.
  await waitForHydration(page);
  const card = page.getByRole('article', { name: "Grace's calendar" });
  // Share first: while nobody has joined, the link, QR code and invitation lead the page.
  const share = page.getByRole('region', { name: 'Share your calendar' });
  await expect(share).toBeVisible();
  expect((await share.boundingBox())?.y).toBeLessThan((await card.boundingBox())?.y ?? 0);
  await expect(card.locator('dt:text-is("Participants") + dd')).toHaveText('0');
  await expect(card.locator('dt:text-is("Has been raised") + dd')).toHaveText('$0');
  await expect(page.getByRole('link', { name: 'Add more' })).toHaveAttribute('href', '/create_calendar');
  await expectNoSeriousAxeViolation(page, '/my_calendars');

  // The menu and its dialogs.
  await card.getByRole('button', { name: "More actions for Grace's calendar" }).click();
  await expect(page.getByRole('menuitem', { name: 'Complete fundraising' })).toBeFocused();
  await page.getByRole('menuitem', { name: 'Write to support' }).click();
  const support = page.getByRole('dialog', { name: 'Write to support' });
  await support.getByLabel('Your message').fill('Can I change the due date after the birth?');
  await support.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message is on its way to our support team.')).toBeVisible();
  await expect(support).toBeHidden();
  // Nobody has joined yet: the page's button says why it cannot announce; the card's menu still opens the dialog.
  await expect(page.getByRole('button', { name: 'Announce & Receive Funds' })).toHaveAccessibleDescription(
    /Nobody has joined it yet/,
  );
  await card.getByRole('button', { name: "More actions for Grace's calendar" }).click();
  await page.getByRole('menuitem', { name: 'Complete fundraising' }).click();
  const announce = page.getByRole('dialog', { name: 'Announce the birth' });
  await expect(announce.getByLabel('Birth date')).toBeFocused();
  await expectNoSeriousAxeViolation(page, 'announce dialog');
  await page.keyboard.press('Escape');
  await expect(announce).toBeHidden();
});

test('Calendar Info opens from the card, and its edits survive a reload', async ({ page }) => {
  await createActiveCalendar(page, {
    background: 'blue',
    bank: { routingNumber: US_ROUTING_NUMBER, accountNumber: US_ACCOUNT_NUMBER },
  });
  // A tap on the card, away from its title, opens its info page even before My calendars' scripts run.
  const release = await holdScripts(page);
  await page.goto('/my_calendars');
  const card = page.getByRole('article', { name: 'Baby Parent' });
  // A real tap on the facts: the stretched title link takes it, as Playwright's element click would not.
  await card.locator('dl').scrollIntoViewIfNeeded();
  const facts = await card.locator('dl').boundingBox();
  await page.mouse.click((facts?.x ?? 0) + (facts?.width ?? 0) / 2, (facts?.y ?? 0) + (facts?.height ?? 0) / 2);
  await expect(page).toHaveURL(/\/my_calendars\/[0-9a-f-]{36}$/);
  release();
  // The edits survive a reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar Info' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to list' }).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Blue sky' })).toBeChecked();
  await expect(page.getByLabel('Routing number', { exact: true })).toHaveValue('110000000');
  await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('••••6789');
  await page.getByLabel('Calendar Name').fill('Baby Hopper is coming');
  await page.getByRole('radio', { name: 'Merry Sun' }).check();
  await page.getByRole('switch', { name: 'Hide total on Calendar' }).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Calendar saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Calendar Name')).toHaveValue('Baby Hopper is coming');
  await expect(page.getByRole('radio', { name: 'Merry Sun' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Hide total on Calendar' })).not.toBeChecked();
  await expectNoSeriousAxeViolation(page, 'calendar info');
});

test('a declined card keeps the form filled and a retry with another card succeeds', async ({ page }) => {
  await createVerifiedParent(page);
  await openPaymentStep(page);
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use another card or try again.');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByLabel('Cardholder name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/34');

  const cardNumber = page.getByLabel('Card number');
  await cardNumber.fill('');
  await cardNumber.pressSequentially(GOOD_CARD);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(stepHeading(page, 'Welcome to Your Calendar!')).toBeVisible();
});

test('a wallet button opens a test sheet: cancelling pays nothing, confirming pays the fee', async ({ page }) => {
  await createVerifiedParent(page);
  await openPaymentStep(page);
  const applePay = page.getByRole('button', { name: 'Pay with Apple Pay' });
  await applePay.click();
  const appleSheet = page.getByRole('dialog', { name: 'Apple Pay' });
  await expect(appleSheet).toContainText('Calendar creation fee');
  await expect(appleSheet).toContainText('Total$20');
  // Cancel has the focus, so a stray Enter does not pay either.
  await expect(appleSheet.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousAxeViolation(page, 'wallet sheet');
  await page.keyboard.press('Escape');
  await expect(appleSheet).toBeHidden();
  await expect(applePay).toBeFocused();

  const googlePay = page.getByRole('button', { name: 'Pay with Google Pay' });
  await googlePay.click();
  const googleSheet = page.getByRole('dialog', { name: 'Google Pay' });
  await googleSheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(googleSheet).toBeHidden();
  const listed = (await (await page.request.get('/api/calendars')).json()) as { calendars: { status: string }[] };
  expect(listed.calendars.map((calendar) => calendar.status)).toEqual(['draft']);
  await expect(stepHeading(page, 'Payment')).toBeVisible();

  await googlePay.click();
  await googleSheet.getByRole('button', { name: 'Confirm and pay $20' }).click();
  await expect(stepHeading(page, 'Welcome to Your Calendar!')).toBeVisible();
});

test('Back keeps the values and a reload resumes the saved step', async ({ page }) => {
  await createVerifiedParent(page);
  await page.goto('/create_calendar');
  await fillDetails(page, { firstName: 'Marie', lastName: 'Curie' });
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(stepHeading(page, 'Customize Your Calendar')).toBeFocused();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page, 'Create Your Calendar')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveValue('Marie');
  await expect(page.getByLabel('Last name')).toHaveValue('Curie');
  await page.getByRole('button', { name: 'Next Step' }).click();

  const dueDate = isoDateFromToday(45);
  await fillCustomization(page, dueDate);
  await page.getByRole('radio', { name: 'Merry Sun' }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(stepHeading(page, 'Your Subscription Plan')).toBeFocused();

  // The browser's Back and Forward move between the steps and keep what was typed, saved or not.
  await page.goBack();
  await expect(stepHeading(page, 'Customize Your Calendar')).toBeFocused();
  await expect(page.getByLabel('Expected birth date')).toHaveValue(dueDate);
  await expect(page.getByRole('radio', { name: 'Merry Sun' })).toBeChecked();
  await page.goBack();
  await expect(stepHeading(page, 'Create Your Calendar')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveValue('Marie');
  await page.getByLabel('First name').fill('Maria');
  await page.goForward();
  await expect(stepHeading(page, 'Customize Your Calendar')).toBeFocused();
  await page.goBack();
  await expect(page.getByLabel('First name')).toHaveValue('Maria');
  await page.getByLabel('First name').fill('Marie');
  await page.goForward();
  await expect(stepHeading(page, 'Customize Your Calendar')).toBeFocused();
  await page.goForward();
  await expect(stepHeading(page, 'Your Subscription Plan')).toBeFocused();

  await page.reload();
  await expect(stepHeading(page, 'Your Subscription Plan')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Expected birth date')).toHaveValue(dueDate);
  await expect(page.getByRole('radio', { name: 'Merry Sun' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Marie');
  await expect(page.getByRole('radio', { name: 'Use the bank account saved for this calendar' })).toBeChecked();

  // The unpaid draft is listed with a way back into the wizard.
  await page.goto('/my_calendars');
  const draft = page.getByRole('article', { name: "Marie's calendar" });
  await expect(draft.getByText('Draft')).toBeVisible();
  await draft.getByRole('link', { name: 'Continue setup' }).click();
  await expect(stepHeading(page, 'Your Subscription Plan')).toBeVisible();
});

test('an unknown draft is refused with a way to start over', async ({ page }) => {
  await createVerifiedParent(page);
  await page.goto('/create_calendar?draft=0b6f3c1e-8d2a-4f5e-9c7b-1a2b3c4d5e6f');
  await expect(page.getByRole('heading', { name: 'We couldn’t find this calendar draft' })).toBeVisible();
  await page.getByRole('link', { name: 'Start over' }).click();
  await expect(stepHeading(page, 'Create Your Calendar')).toBeVisible();
  await expect(page).toHaveURL(/\/create_calendar$/);

  await page.goto('/my_calendars/0b6f3c1e-8d2a-4f5e-9c7b-1a2b3c4d5e6f');
  await expect(page.getByRole('heading', { name: 'We couldn’t find this calendar' })).toBeVisible();
});
