import { randomUUID } from 'node:crypto';
import type { ContributionRequest } from '@firstday/common/contributions';
import { eq } from 'drizzle-orm';
import { generateSlug } from '../src/calendars/calendar-service.ts';
import { calendars } from '../src/calendars/schema.ts';
import type { CaptchaVerifier } from '../src/captcha/captcha.ts';
import { createTestApp } from './test-app.ts';
import { solveCaptcha } from './test-captcha.ts';
import { createTestCalendar, useManualSandboxWebhooks } from './test-payments.ts';
import { sendJson } from './test-users.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const GOOD_CARD = { number: '4242424242424242', holderName: 'Anna Miller', expiry: '12/39', cvc: '123' };
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000000000000002' };

const NO_LIMIT = { limit: 100_000, windowMs: 60_000 };

/**
 * The app for tests that post many contributions: no contribution rate limits, and sandbox
 * webhooks delivered when the test says so.
 */
export async function createContributionTestApp() {
  const t = await createTestApp({ rateLimits: { contributionsPerIp: NO_LIMIT, contributionsPerCalendar: NO_LIMIT } });
  return { t, webhooks: useManualSandboxWebhooks(t) };
}

const owners = new WeakMap<TestApp, ReturnType<typeof createTestCalendar>>();

/**
 * An active calendar (fee paid), due 2030-01-15: guesses from 2029-12-18 to 2030-01-29. All of a
 * test app's calendars belong to one verified owner (signing up is rate limited per address).
 */
export async function createActiveCalendar(
  t: TestApp,
  settings: { hideSenderNames?: boolean; hideTotal?: boolean; guessTime?: boolean; guessWeight?: boolean } = {},
) {
  let first = owners.get(t);
  if (!first) {
    first = createTestCalendar(t);
    owners.set(t, first);
  }
  const { calendar: template, cookie, email } = await first;
  const [copy] = await t.db
    .insert(calendars)
    .values({ ...template, id: randomUUID(), slug: generateSlug(), createdAt: new Date(), updatedAt: new Date() })
    .returning();
  const created = { calendar: copy!, cookie, email };
  const [calendar] = await t.db
    .update(calendars)
    .set({ status: 'active', wizardStep: 5, activatedAt: new Date(), ...settings })
    .where(eq(calendars.id, created.calendar.id))
    .returning();
  return { ...created, calendar: calendar! };
}

/** A valid submission with a freshly solved captcha; override any field. */
export async function makeContribution(
  t: TestApp,
  overrides: Partial<ContributionRequest> = {},
): Promise<ContributionRequest> {
  return {
    idempotencyKey: `contribution-${randomUUID()}`,
    name: 'Grace Hopper',
    email: `Grace-${randomUUID()}@Example.com`,
    guessedDate: '2030-01-10',
    wish: 'Welcome to the world, little one!',
    captchaValue: overrides.captchaValue ?? (await solveCaptcha(t)),
    ...overrides,
  };
}

export function postContribution(t: TestApp, slug: string, body: unknown) {
  return sendJson(t, 'POST', `/api/public/calendars/${slug}/contributions`, body);
}

/**
 * Accepts any captcha value while `run` executes: for tests that send many requests at once
 * (solving one proof of work per request would only slow them down). The captcha itself is
 * tested through the real verifier elsewhere in these files.
 */
export async function withAnyCaptcha<T>(t: TestApp, run: () => Promise<T>): Promise<T> {
  const real = t.context.captcha;
  const stub: CaptchaVerifier = { provider: real.provider, verify: async () => true };
  t.context.captcha = stub;
  try {
    return await run();
  } finally {
    t.context.captcha = real;
  }
}

/** The private edit link from the contributor's receipt. */
export async function findEditLink(t: TestApp, email: string) {
  await t.sendQueuedMail();
  const receipt = t.mailCatcher.list(email.toLowerCase()).find((mail) => mail.subject.startsWith('Thank you'));
  const match = receipt?.text.match(/http:\/\/firstday\.test\/c\/\w+\/edit\/([0-9a-f-]{36})\?token=([\w-]+)/);
  if (!match) return undefined;
  return { id: match[1]!, token: match[2]!, receipt: receipt! };
}
