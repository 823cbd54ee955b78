import type { Page } from '@playwright/test';

/**
 * Holds the page's scripts back until the returned function is called, as a slow phone link does:
 * whatever is tapped, typed or sent before then lands on the server's HTML, before React runs.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
