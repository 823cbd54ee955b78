import { randomUUID } from 'node:crypto';
import type { CalendarClosing } from '@firstday/common/announcements';
import { and, eq } from 'drizzle-orm';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar } from '../../test/test-contributions.ts';
import { sendJson } from '../../test/test-users.ts';
import { contributions } from '../contributions/schema.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { createMailWorker } from '../lib/mail/worker.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADDRESSES = 500;
const CRASH_AFTER = 137;

/** A transport that records what it delivered; with `hangAfter`, the next send never returns (a dead process). */
function createRecordingTransport(delivered: string[], hangAfter = Number.POSITIVE_INFINITY) {
  let sends = 0;
  return {
    async sendMail(mail: SendMailOptions) {
      if (sends++ >= hangAfter) return new Promise(() => {});
      delivered.push(String(mail.to));
      return {};
    },
  } as unknown as Transporter;
}

describe('the celebration fan-out', () => {
  it('gives every address exactly one e-mail when the worker dies in the middle', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const emails = Array.from({ length: ADDRESSES }, (_, index) => `guest-${index}-${randomUUID()}@example.com`);
    await t.db.insert(contributions).values(
      emails.flatMap((email, index) => {
        const base = {
          calendarId: calendar.id,
          currency: calendar.currency,
          name: `Guest ${index}`,
          email,
          wish: 'Welcome!',
          status: 'confirmed' as const,
        };
        const guess = { ...base, id: randomUUID(), guessedDate: '2030-01-10', idempotencyKey: randomUUID() };
        // Every tenth guest guessed twice: still one e-mail.
        return index % 10 === 0
          ? [guess, { ...base, id: randomUUID(), guessedDate: '2030-01-11', idempotencyKey: randomUUID() }]
          : [guess];
      }),
    );

    const today = new Date().toISOString().slice(0, 10);
    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: today, thankYouMessage: 'Thank you!' },
      cookie,
    );
    expect(response.status).toBe(200);

    const delivered: string[] = [];
    const dyingInstance = await t.registerInstance();
    const dying = createMailWorker({
      db: t.db,
      transport: createRecordingTransport(delivered, CRASH_AFTER),
      from: 'test@firstday.test',
      logger: t.context.logger,
      instanceId: dyingInstance.id,
    });
    void dying.processDue();
    await expect.poll(() => delivered.length, { timeout: 20_000 }).toBe(CRASH_AFTER);
    // A batch's sent mails are marked together, within a second even while a send of the batch
    // hangs (lib/mail/worker.ts); a process dying inside that second has them sent again, under
    // the same Message-IDs, which receivers drop as duplicates.
    const sentRows = async () =>
      (
        await t.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.topic, `celebration:${calendar.id}`), eq(mailOutbox.status, 'sent')))
      ).length;
    await expect.poll(sentRows, { timeout: 10_000 }).toBe(CRASH_AFTER);

    // The process is gone (its instance lock with it): a new worker takes over its leases at
    // once, without waiting for them to run out.
    await dyingInstance.stop();
    const freshInstance = await t.registerInstance();
    const fresh = createMailWorker({
      db: t.db,
      transport: createRecordingTransport(delivered),
      from: 'test@firstday.test',
      logger: t.context.logger,
      instanceId: freshInstance.id,
    });
    await fresh.processDue();
    await freshInstance.stop();

    const celebrations = delivered.filter((to) => emails.includes(to));
    expect(celebrations).toHaveLength(ADDRESSES);
    expect(new Set(celebrations).size).toBe(ADDRESSES);
    const open = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.topic, `celebration:${calendar.id}`), eq(mailOutbox.status, 'sent')));
    expect(open).toHaveLength(ADDRESSES);
  });

  it('reports addresses that failed for good to the creator', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const good = `good-${randomUUID()}@example.com`;
    const bad = `bounce-${randomUUID()}@example.com`;
    await t.db.insert(contributions).values(
      [good, bad].map((email) => ({
        id: randomUUID(),
        calendarId: calendar.id,
        currency: calendar.currency,
        name: 'Guest',
        email,
        guessedDate: '2030-01-10',
        wish: 'Hello',
        status: 'confirmed' as const,
        idempotencyKey: randomUUID(),
      })),
    );
    const today = new Date().toISOString().slice(0, 10);
    await sendJson(
      t,
      'POST',
      `/api/calendars/${calendar.id}/announce`,
      { birthDate: today, thankYouMessage: 'Hi' },
      cookie,
    );
    const bouncing = {
      async sendMail(mail: SendMailOptions) {
        if (String(mail.to) === bad) throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
        return {};
      },
    } as unknown as Transporter;
    const instance = await t.registerInstance();
    await createMailWorker({
      db: t.db,
      transport: bouncing,
      from: 'test@firstday.test',
      logger: t.context.logger,
      instanceId: instance.id,
    }).processDue();
    await instance.stop();

    const response = await sendJson(t, 'GET', `/api/calendars/${calendar.id}/closing`, undefined, cookie);
    expect(((await response.json()) as CalendarClosing).emails).toEqual({ total: 2, sent: 1, failed: [bad] });
  });
});
