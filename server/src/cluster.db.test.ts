import { randomUUID } from 'node:crypto';
import type { PublicCalendar } from '@firstday/common/contributions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../test/test-captcha.ts';
import { startTestCluster } from '../test/test-cluster.ts';
import { createActiveCalendar, GOOD_CARD, makeContribution } from '../test/test-contributions.ts';
import { testDatabaseKind } from '../test/test-database.ts';
import { useManualSandboxWebhooks } from '../test/test-payments.ts';
import { createVerifiedUser, sendJson, TEST_ORIGIN } from '../test/test-users.ts';
import { contributions } from './contributions/schema.ts';
import { mailOutbox } from './lib/mail/schema.ts';
import { reconcileAll } from './payments/reconcile.ts';
import { payments, sandboxRefunds } from './payments/schema.ts';

// Several app servers on one PostgreSQL behave as one (issue 12). PGlite is one process's
// database, so these run in the PostgreSQL project only.
const CONTRIBUTIONS_PER_IP = 4;

let cluster: Awaited<ReturnType<typeof startTestCluster>>;
const server = (index: 0 | 1) => cluster.servers[index];
type Server = ReturnType<typeof server>;

/** Posts a contribution from the client address `ip` (one load balancer in front: TRUST_PROXY=1). */
function postFrom(ip: string, target: Server, slug: string, body: unknown) {
  return target.app.request(`/api/public/calendars/${slug}/contributions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

describe.skipIf(testDatabaseKind !== 'postgres')('two app servers on one PostgreSQL', () => {
  beforeAll(async () => {
    // Started at the same moment on an empty database: both migrate-or-wait and come up.
    cluster = await startTestCluster({
      env: { TRUST_PROXY: '1' },
      rateLimits: { contributionsPerIp: { limit: CONTRIBUTIONS_PER_IP, windowMs: 60_000 } },
    });
  }, 60_000);
  afterAll(() => cluster?.close());

  it('both came up on the freshly migrated database', async () => {
    for (const index of [0, 1] as const) {
      const response = await server(index).app.request('/api/health');
      expect(response.status).toBe(200);
    }
  });

  it('accepts a session made on one server on the other', async () => {
    const { cookie, email } = await createVerifiedUser(server(0), `cluster-${randomUUID()}@example.com`);
    const session = await server(1).app.request('/api/auth/get-session', { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email } });
  });

  it('holds the per-IP contribution limit across both servers', async () => {
    const { calendar } = await createActiveCalendar(server(0));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 2 * CONTRIBUTIONS_PER_IP; attempt++) {
      const target = server(attempt % 2 === 0 ? 0 : 1);
      const response = await postFrom('203.0.113.1', target, calendar.slug, await makeContribution(target));
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTRIBUTIONS_PER_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CONTRIBUTIONS_PER_IP);
  });

  it('accepts a solved captcha once across both servers', async () => {
    const { calendar } = await createActiveCalendar(server(0));
    const captchaValue = await solveCaptcha(server(0));
    const first = await postFrom(
      '203.0.113.2',
      server(0),
      calendar.slug,
      await makeContribution(server(0), { captchaValue }),
    );
    expect(first.status).toBe(201);
    const replay = await postFrom(
      '203.0.113.2',
      server(1),
      calendar.slug,
      await makeContribution(server(1), { captchaValue }),
    );
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: { code: 'captcha_failed' } });
  });

  it("shows a 'hide sender names' change made on one server on the other within a second", async () => {
    const { calendar, cookie } = await createActiveCalendar(server(0), { hideSenderNames: false });
    await server(0).db.insert(contributions).values({
      id: randomUUID(),
      calendarId: calendar.id,
      currency: calendar.currency,
      name: 'Zelda Quartermain',
      email: 'zelda@example.com',
      guessedDate: '2030-01-10',
      wish: 'Hello!',
      status: 'confirmed',
      idempotencyKey: randomUUID(),
    });
    const readNames = async () => {
      const response = await server(1).app.request(`/api/public/calendars/${calendar.slug}`);
      const body = (await response.json()) as PublicCalendar;
      return body.guesses.map((guess) => guess.name);
    };
    // The other server has the page in its cache.
    expect((await readNames()).join()).toContain('Zelda Quartermain');

    const changed = await sendJson(
      server(0),
      'PATCH',
      `/api/calendars/${calendar.id}`,
      { hideSenderNames: true },
      cookie,
    );
    expect(changed.status).toBe(200);
    const changedAt = Date.now();
    await expect.poll(async () => (await readNames()).join(), { timeout: 1_000, interval: 50 }).not.toContain('Zelda');
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  it('sends a 200-address celebration once in all, whichever server sends it', async () => {
    const { calendar, cookie } = await createActiveCalendar(server(0));
    const emails = Array.from({ length: 200 }, (_, index) => `guest-${index}-${randomUUID()}@example.com`);
    await server(0)
      .db.insert(contributions)
      .values(
        emails.map((email, index) => ({
          id: randomUUID(),
          calendarId: calendar.id,
          currency: calendar.currency,
          name: `Guest ${index}`,
          email,
          guessedDate: '2030-01-10',
          wish: 'Welcome!',
          status: 'confirmed' as const,
          idempotencyKey: randomUUID(),
        })),
      );
    const today = new Date().toISOString().slice(0, 10);
    const announced = await sendJson(
      server(0),
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: today, thankYouMessage: 'Thank you!' },
      cookie,
    );
    expect(announced.status).toBe(200);

    // Both mail workers at once, until the fan-out is out.
    const topic = eq(mailOutbox.topic, `celebration:${calendar.id}`);
    for (;;) {
      await Promise.all([server(0).sendQueuedMail(), server(1).sendQueuedMail()]);
      const open = await server(0)
        .db.select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(topic, eq(mailOutbox.status, 'pending')));
      if (open.length === 0) break;
    }
    for (const email of emails) expect(cluster.mailCatcher.list(email), email).toHaveLength(1);
  });

  it('submits each refund to the provider once, with both servers settling and reconciling', async () => {
    const webhooks = [useManualSandboxWebhooks(server(0)), useManualSandboxWebhooks(server(1))];
    const { calendar, cookie } = await createActiveCalendar(server(0));
    for (const [index, giftAmount] of [2500, 1200, 800].entries()) {
      const body = await makeContribution(server(0), {
        giftAmount: giftAmount,
        payment: { type: 'card', card: GOOD_CARD },
      });
      const response = await postFrom(`198.51.100.${index + 1}`, server(index % 2 === 0 ? 0 : 1), calendar.slug, body);
      expect(response.status).toBe(201);
    }
    for (const serverWebhooks of webhooks) await serverWebhooks.deliverAll();
    const gifts = await server(0)
      .db.select()
      .from(payments)
      .where(and(eq(payments.calendarId, calendar.id), eq(payments.purpose, 'gift'), eq(payments.status, 'succeeded')));
    expect(gifts).toHaveLength(3);

    const closed = await sendJson(
      server(1),
      'POST',
      `/api/calendars/${calendar.id}/close`,
      { gifts: 'refund', notifyParticipants: false },
      cookie,
    );
    expect(closed.status).toBe(200);
    // Both servers work their jobs and reconcile at the same time.
    await Promise.all([
      server(0).context.jobs.idle(),
      server(1).context.jobs.idle(),
      reconcileAll(server(0).context, { olderThanMs: 0 }),
      reconcileAll(server(1).context, { olderThanMs: 0 }),
    ]);
    await Promise.all([server(0).context.jobs.idle(), server(1).context.jobs.idle()]);
    for (const gift of gifts) {
      const refunds = await server(0)
        .db.select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.chargeId, gift.providerRef!));
      expect(refunds, gift.id).toHaveLength(1);
    }
  });
});
