import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@firstday/common/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActiveCalendar,
  createContributionTestApp,
  GOOD_CARD,
  makeContribution,
  postContribution,
} from '../../test/test-contributions.ts';
import { createTestCalendar } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import { user } from '../auth/schema.ts';
import { calendars } from '../calendars/schema.ts';
import { deriveSandboxSigningKey, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../payments/sandbox-provider.ts';
import { payments } from '../payments/schema.ts';
import { contributions } from './schema.ts';
import { sendWishDigests } from './wish-digest.ts';

let t: Awaited<ReturnType<typeof createContributionTestApp>>['t'];
let webhooks: Awaited<ReturnType<typeof createContributionTestApp>>['webhooks'];

beforeAll(async () => {
  ({ t, webhooks } = await createContributionTestApp());
});
afterAll(() => t.close());

/** An active calendar with a title of its own, so its owner's e-mails can be told apart. */
async function createTitledCalendar(owner?: { calendar: typeof calendars.$inferSelect; email: string }) {
  const title = `Baby ${randomUUID().slice(0, 8)}`;
  const created = owner ?? (await createActiveCalendar(t));
  const [calendar] = await t.db
    .update(calendars)
    .set({ title, status: 'active', wizardStep: 5, activatedAt: new Date() })
    .where(eq(calendars.id, created.calendar.id))
    .returning();
  return { ...created, calendar: calendar!, title };
}

async function sendGift(slug: string, name: string, giftAmount: number, wish: string) {
  const body = await makeContribution(t, {
    name,
    wish,
    giftAmount: giftAmount,
    payment: { type: 'card', card: GOOD_CARD },
  });
  expect((await postContribution(t, slug, body)).status).toBe(201);
  await webhooks.deliverAll();
  return body;
}

/** Reports the gift's charge as succeeded again, as a payment processor retrying its webhook does. */
async function repeatSucceededWebhook(idempotencyKey: string, eventId = `evt_${randomUUID()}`) {
  const [row] = await t.db
    .select({ reference: payments.providerRef })
    .from(contributions)
    .innerJoin(payments, eq(payments.id, contributions.paymentId))
    .where(eq(contributions.idempotencyKey, idempotencyKey));
  const body = JSON.stringify({ id: eventId, type: 'charge.succeeded', data: { reference: row!.reference } });
  const signature = signSandboxPayload(deriveSandboxSigningKey(t.context.env.APP_SECRET), body);
  const response = await t.app.request('/api/payments/webhooks/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    body,
  });
  expect(response.status).toBe(200);
}

async function getOwnerMails(email: string, title: string) {
  await t.sendQueuedMail();
  return t.mailCatcher.list(email).filter((mail) => mail.subject.includes(`“${title}”`));
}

describe('gift e-mails to the creator', () => {
  it('tells the creator of each paid gift once, even when the payment webhook repeats', async () => {
    const { calendar, email, title } = await createTitledCalendar();
    const gift = await sendGift(calendar.slug, 'Tom Baker', 3500, 'Sleep well, little one');
    const eventId = `evt_${randomUUID()}`;
    await repeatSucceededWebhook(gift.idempotencyKey, eventId);
    await repeatSucceededWebhook(gift.idempotencyKey, eventId);
    await repeatSucceededWebhook(gift.idempotencyKey);

    const mails = await getOwnerMails(email, title);
    expect(mails.map((mail) => mail.subject)).toEqual([`“Tom Baker” sent $35.00 and a wish on “${title}”`]);
    expect(mails[0]!.text).toContain(`Tom Baker sent a gift of $35.00 to “${title}” and guessed January 10, 2030:`);
    expect(mails[0]!.text).toContain('“Sleep well, little one”');
    expect(mails[0]!.text).toMatch(/Unsubscribe: http:\/\/firstday\.test\/api\/mail\/unsubscribe\?token=\S+/);
    expect(mails[0]!.html).toContain('http://firstday.test/email/header.png');
  });

  it('sends none to a creator who turned gift e-mails off in Settings; the giver still gets the receipt', async () => {
    const owner = await createTestCalendar(t);
    const { calendar, title } = await createTitledCalendar(owner);
    const me = await sendJson(t, 'GET', '/api/users/me', undefined, owner.cookie);
    expect(((await me.json()) as CurrentUser).settings.gift_notifications).toBe(true);
    const [account] = await t.db.select({ name: user.name }).from(user).where(eq(user.email, owner.email));
    const saved = await sendJson(
      t,
      'PUT',
      '/api/account/settings',
      {
        name: account!.name,
        email: owner.email,
        savingsGoalAmount: null,
        hideSenderNamesDefault: false,
        hideTotalDefault: true,
        giftNotifications: false,
      },
      owner.cookie,
    );
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as CurrentUser).settings.gift_notifications).toBe(false);

    const gift = await sendGift(calendar.slug, 'Tom Baker', 3500, 'Sleep well');
    expect(await getOwnerMails(owner.email, title)).toEqual([]);
    expect(t.mailCatcher.list(gift.email.toLowerCase()).map((mail) => mail.subject)).toEqual([
      'Thank you for your wish and your gift',
    ]);
  });
});

describe('the hourly digest', () => {
  it('lists the wishes that came without a gift, and none that came with one', async () => {
    const { calendar, email, title } = await createTitledCalendar();
    const plain = await makeContribution(t, { name: 'Plain Wisher', wish: 'Just a wish' });
    expect((await postContribution(t, calendar.slug, plain)).status).toBe(201);
    await sendGift(calendar.slug, 'Gift Giver', 2500, 'A wish with a gift');

    await sendWishDigests(t.context);
    const digests = (await getOwnerMails(email, title)).filter((mail) => mail.subject.includes('new wish'));
    expect(digests.map((mail) => mail.subject)).toEqual([`A new wish on “${title}”`]);
    expect(digests[0]!.text).toContain('Plain Wisher guessed January 10, 2030: “Just a wish”');
    expect(digests[0]!.text).not.toContain('Gift Giver');
  });

  it('sends no digest for a calendar whose only new wishes came with gifts', async () => {
    const { calendar, email, title } = await createTitledCalendar();
    await sendGift(calendar.slug, 'Gift Giver', 2500, 'A wish with a gift');
    await sendWishDigests(t.context);
    const mails = await getOwnerMails(email, title);
    expect(mails.map((mail) => mail.subject)).toEqual([`“Gift Giver” sent $25.00 and a wish on “${title}”`]);
  });
});
