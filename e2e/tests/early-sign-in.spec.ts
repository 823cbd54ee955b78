import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount } from '../support/auth.ts';
import { holdScripts } from '../support/hold-scripts.ts';

// The sign-in page paints before its scripts run (decision 035): what is typed and sent in that
// moment is kept and sent once they run.
test('a sign-in sent before the page has started goes through once it has', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  // The scripts are held back until after the send.
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  release();
  await expect(page).toHaveURL('/my_calendars', { timeout: 20_000 });
});

// React replays a click that lands while it hydrates, but not the submit the click causes: sent
// then, the form went natively (a POST answered 'Not found'). The send is made at the very moment
// the page hands over to React (`stopCapturingEarlyTaps` in entry.client.tsx).
test('a sign-in sent while React starts hydrating goes through', async ({ page, request }) => {
  const credentials = await createVerifiedAccount(request);
  await sendAsHydrationStarts(page, credentials);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page).toHaveURL('/my_calendars', { timeout: 20_000 });
});

async function sendAsHydrationStarts(page: Page, credentials: { email: string; password: string }) {
  await page.addInitScript(({ email, password }) => {
    const send = () => {
      document.querySelector<HTMLInputElement>('input[type="email"]')!.value = email;
      document.querySelector<HTMLInputElement>('input[type="password"]')!.value = password;
      document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    };
    // The starter script sets `firstdayEarlyTaps`; the client calls its `stopRecording` right
    // before `hydrateRoot`: send just after that, before React has hydrated anything.
    let taps: { stopRecording: () => void } | undefined;
    Object.defineProperty(window, 'firstdayEarlyTaps', {
      configurable: true,
      get: () => taps,
      set: (value: typeof taps) => {
        taps = value;
        if (!value) return;
        const stopRecording = value.stopRecording;
        value.stopRecording = () => {
          stopRecording();
          queueMicrotask(send);
        };
      },
    });
  }, credentials);
}
