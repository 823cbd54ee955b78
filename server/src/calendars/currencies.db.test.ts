import { randomUUID } from 'node:crypto';
import type { AccountDeletionCheck, CurrentUser } from '@firstday/common/account';
import { type OwnerCalendar, toIsoDate } from '@firstday/common/calendars';
import type { PublicCalendar } from '@firstday/common/contributions';
import { LOCALE_COOKIE } from '@firstday/common/locales';
import type { ThankYouList } from '@firstday/common/thank-yous';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { GOOD_CARD, makeContribution, postContribution, withAnyCaptcha } from '../../test/test-contributions.ts';
import { useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { createVerifiedUser, sendJson, TEST_ORIGIN } from '../../test/test-users.ts';
import { contributions } from '../contributions/schema.ts';
import { ledgerEntries, payments } from '../payments/schema.ts';
import { calendars } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: { cookie: string };
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  owner = await createVerifiedUser(t, 'euro-parent@example.com');
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(() => t.close());

const inDays = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

async function createDraft(body: Record<string, unknown>) {
  const response = await sendJson(
    t,
    'POST',
    '/api/calendars',
    { firstName: 'Lena', lastName: 'Koch', ...body },
    owner.cookie,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as OwnerCalendar;
}

describe('a calendar has a currency', () => {
  it('defaults to the money of the IBAN’s country, unless the parent chose one', async () => {
    expect((await createDraft({ iban: 'DE89 3704 0044 0532 0130 00' })).currency).toBe('eur');
    expect((await createDraft({ iban: 'GB29 NWBK 6016 1331 9268 19' })).currency).toBe('gbp');
    expect((await createDraft({ iban: 'CH93 0076 2011 6238 5295 7' })).currency).toBe('usd');
    expect((await createDraft({ iban: 'DE89 3704 0044 0532 0130 00', currency: 'gbp' })).currency).toBe('gbp');
    const refused = await sendJson(
      t,
      'POST',
      '/api/calendars',
      { firstName: 'L', lastName: 'K', iban: 'DE89 3704 0044 0532 0130 00', currency: 'jpy' },
      owner.cookie,
    );
    expect(refused.status).toBe(400);
    expect((await readError(refused)).fields).toEqual({ currency: 'Please choose USD, EUR or GBP.' });
  });

  it('charges the fee, takes gifts and keeps the ledger in that currency, and is locked once paid', async () => {
    const draft = await createDraft({ iban: 'GB29 NWBK 6016 1331 9268 19' });
    const toEuro = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, { currency: 'eur' }, owner.cookie);
    expect(toEuro.status).toBe(200);
    expect(((await toEuro.json()) as OwnerCalendar).currency).toBe('eur');
    const details = { title: 'Baby Koch', dueDate: inDays(60) };
    expect((await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, details, owner.cookie)).status).toBe(200);

    const pay = await sendJson(
      t,
      'POST',
      `/api/calendars/${draft.id}/pay`,
      { idempotencyKey: `fee-${randomUUID()}`, method: { type: 'card', card: GOOD_CARD } },
      owner.cookie,
    );
    expect(pay.status, JSON.stringify(await pay.clone().json())).toBe(200);
    await webhooks.deliverAll();
    const [fee] = await t.db.select().from(payments).where(eq(payments.calendarId, draft.id));
    expect(fee).toMatchObject({ purpose: 'fee', amount: 2000, currency: 'eur', status: 'succeeded' });

    const locked = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, { currency: 'usd' }, owner.cookie);
    expect(locked.status).toBe(400);
    expect(await readError(locked)).toMatchObject({
      code: 'currency_locked',
      fields: { currency: 'The currency cannot change once the calendar is paid for.' },
    });
    const same = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, { currency: 'eur' }, owner.cookie);
    expect(same.status).toBe(200);

    const [calendar] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
    const publicPage = (await (
      await t.app.request(`/api/public/calendars/${calendar!.slug}`)
    ).json()) as PublicCalendar;
    expect(publicPage.currency).toBe('eur');

    const gift = await makeContribution(t, {
      guessedDate: inDays(55),
      giftAmount: 2500,
      locale: 'ru',
      payment: { type: 'card', card: GOOD_CARD },
    });
    expect((await withAnyCaptcha(t, async () => postContribution(t, calendar!.slug, gift))).status).toBe(201);
    await webhooks.deliverAll();
    const [contribution] = await t.db
      .select()
      .from(contributions)
      .where(eq(contributions.idempotencyKey, gift.idempotencyKey));
    expect(contribution).toMatchObject({ giftAmount: 2500, currency: 'eur', locale: 'ru', status: 'confirmed' });
    const [giftPayment] = await t.db.select().from(payments).where(eq(payments.id, contribution!.paymentId!));
    expect(giftPayment).toMatchObject({ amount: 2500, currency: 'eur' });
    const lines = await t.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.transactionId, `payment:${giftPayment!.id}:%`));
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line.currency))).toEqual(new Set(['eur']));

    // The API names each amount with its currency beside it.
    const thankYous = await sendJson(t, 'GET', `/api/calendars/${draft.id}/thank-yous`, undefined, owner.cookie);
    expect(((await thankYous.json()) as ThankYouList).participants).toMatchObject([
      { giftAmount: 2500, currency: 'eur' },
    ]);
    const deletion = await sendJson(t, 'GET', '/api/account/deletion', undefined, owner.cookie);
    expect(((await deletion.json()) as AccountDeletionCheck).blockers).toMatchObject([
      { gifts: { count: 1, amount: 2500, currency: 'eur' }, refunds: { amount: 0, currency: 'eur' } },
    ]);
  });

  it('keeps old calendars in US dollars', async () => {
    const draft = await createDraft({ iban: 'DE89 3704 0044 0532 0130 00' });
    await t.db.execute(`update calendars set currency = default where id = '${draft.id}'`);
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
    expect(row!.currency).toBe('usd');
  });
});

describe('an account has a language', () => {
  it('is unset until the shell records the page’s language, and Settings can change it', async () => {
    const me = async () =>
      (await (await t.app.request('/api/users/me', { headers: { cookie: owner.cookie } })).json()) as CurrentUser;
    expect((await me()).settings.locale).toBeNull();
    const set = await sendJson(t, 'PUT', '/api/account/locale', { locale: 'de' }, owner.cookie);
    expect(set.status).toBe(200);
    expect((await me()).settings.locale).toBe('de');
    const refused = await sendJson(t, 'PUT', '/api/account/locale', { locale: 'fr' }, owner.cookie);
    expect(refused.status).toBe(400);
    expect((await sendJson(t, 'PUT', '/api/account/locale', { locale: 'de' })).status).toBe(401);
  });
});

describe("a new calendar's name", () => {
  async function createDraftAs(cookie: string, headers: Record<string, string>, firstName = 'Lena') {
    const response = await t.app.request('/api/calendars', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie, ...headers },
      body: JSON.stringify({ firstName, lastName: 'Koch', iban: 'DE89 3704 0044 0532 0130 00' }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as OwnerCalendar;
  }

  it("is worded in each reader's language, follows a corrected first name, and leaves a chosen name alone", async () => {
    const parent = await createVerifiedUser(t, `name-${randomUUID()}@example.com`);
    // No account language yet: the browser's, or the language chosen on the site.
    const german = await createDraftAs(parent.cookie, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.title).toBe('Lenas Kalender');
    expect((await createDraftAs(parent.cookie, { cookie: `${parent.cookie}; ${LOCALE_COOKIE}=ru` })).title).toBe(
      'Lena ждёт малыша',
    );
    expect((await createDraftAs(parent.cookie, {})).title).toBe("Lena's calendar");
    // Nothing is stored: the same calendar reads in English for an English reader.
    const read = async (id: string, headers: Record<string, string>) =>
      (await (
        await t.app.request(`/api/calendars/${id}`, { headers: { cookie: parent.cookie, ...headers } })
      ).json()) as OwnerCalendar;
    expect((await read(german.id, { 'accept-language': 'en' })).title).toBe("Lena's calendar");

    // The wizard's Back: a corrected first name renames an automatic name; the form sending back
    // the automatic name it showed keeps it automatic.
    const renamed = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${german.id}`,
      { firstName: 'Thomas', title: 'Lenas Kalender' },
      parent.cookie,
    );
    expect(((await renamed.json()) as OwnerCalendar).title).toBe("Thomas's calendar");
    expect((await read(german.id, { 'accept-language': 'de' })).title).toBe('Thomas’ Kalender');
    await sendJson(t, 'PATCH', `/api/calendars/${german.id}`, { title: 'Unser Wunder' }, parent.cookie);
    const kept = await sendJson(t, 'PATCH', `/api/calendars/${german.id}`, { firstName: 'Lena' }, parent.cookie);
    expect(((await kept.json()) as OwnerCalendar).title).toBe('Unser Wunder');

    // Once the account has a language, it wins over the browser's.
    await sendJson(t, 'PUT', '/api/account/locale', { locale: 'ru' }, parent.cookie);
    expect((await createDraftAs(parent.cookie, { 'accept-language': 'de' })).title).toBe('Lena ждёт малыша');
  });
});
