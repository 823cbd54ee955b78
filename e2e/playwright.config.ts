import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT / E2E_OIDC_PORT let a second run (another checkout) go on beside this one.
const port = Number(process.env.E2E_PORT ?? 3210);
const oidcPort = process.env.E2E_OIDC_PORT ?? '3220';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Each run starts the built product on a fresh embedded database.
const dataDir = mkdtempSync(join(tmpdir(), 'firstday-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  // A journey (sign up, a calendar, dialogs, an axe check, e-mails) takes 25–35 s on a 2-core
  // machine running two browsers; the default 30 s failed them on a busy day. Longer ones set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'node e2e/support/start-stack.ts',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Many accounts and contributions come from one address in a run; the API tests cover the limits.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      CONTRIBUTION_RATE_LIMIT_PER_IP: '10000',
      OIDC_PORT: oidcPort,
    },
  },
});
