import type { OwnerCalendar } from '@firstday/common/calendars';
import { toIsoDate } from '@firstday/common/calendars';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { sandboxAccounts } from '../payments/schema.ts';
import { calendars } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: { cookie: string };
let stranger: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  owner = await createVerifiedUser(t, 'owner@example.com');
  stranger = await createVerifiedUser(t, 'stranger@example.com');
});
afterAll(() => t.close());

const inDays = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

async function createDraft(cookie = owner.cookie) {
  const response = await sendJson(
    t,
    'POST',
    '/api/calendars',
    { firstName: 'Anna', lastName: 'Smith', iban: 'DE89 3704 0044 0532 0130 00' },
    cookie,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as OwnerCalendar;
}

describe('creating and editing a calendar', () => {
  it('creates a draft with an unguessable slug, the IBAN encrypted and masked, and no public link', async () => {
    const draft = await createDraft();
    expect(draft).toMatchObject({
      status: 'draft',
      shareUrl: null,
      title: "Anna's calendar",
      bankAccount: 'DE89 •••• •••• •••• 3000',
      background: 'pink',
      hideTotal: true,
      hideSenderNames: false,
      wizardStep: 2,
      participants: 0,
      raisedAmount: 0,
    });
    expect(draft.slug).toMatch(/^[0-9A-Za-z]{12}$/);
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
    expect(row?.ibanEncrypted).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain('370400440532013000');
  });

  it('copies the account IBAN when step 1 leaves it out, and asks for one when there is none', async () => {
    const fresh = await createVerifiedUser(t, 'no-iban@example.com');
    const refused = await sendJson(t, 'POST', '/api/calendars', { firstName: 'A', lastName: 'B' }, fresh.cookie);
    expect(refused.status).toBe(400);
    expect((await readError(refused)).fields).toEqual({
      bankAccount: 'Please enter the bank account the gifts should be paid out to.',
    });

    await sendJson(
      t,
      'PUT',
      '/api/account/settings',
      {
        name: 'No Iban',
        email: 'no-iban@example.com',
        iban: 'GB29 NWBK 6016 1331 9268 19',
        savingsGoalAmount: null,
        hideSenderNamesDefault: true,
        hideTotalDefault: false,
        password: 'correct horse battery',
      },
      fresh.cookie,
    );
    const copied = await sendJson(t, 'POST', '/api/calendars', { firstName: 'A', lastName: 'B' }, fresh.cookie);
    expect(copied.status).toBe(201);
    expect(await copied.json()).toMatchObject({
      bankAccount: 'GB29 •••• •••• •••• 6819',
      hideSenderNames: true,
      hideTotal: false,
    });
  });

  it('makes the payout recipient once the calendar is paid for, and a new one when its IBAN changes (sandbox)', async () => {
    const draft = await createDraft();
    const getRecipient = async () => {
      const [row] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
      return row?.payoutRecipientRef ?? null;
    };
    // A draft's IBAN opens nothing at the provider (an abandoned wizard must not).
    const firstIban = { iban: 'NL91 ABNA 0417 1643 00' };
    expect((await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, firstIban, owner.cookie)).status).toBe(200);
    await t.context.jobs.idle();
    expect(await getRecipient()).toBeNull();

    await t.db.update(calendars).set({ status: 'active' }).where(eq(calendars.id, draft.id));
    const iban = { iban: 'GB29 NWBK 6016 1331 9268 19', password: 'correct horse battery' };
    expect((await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, iban, owner.cookie)).status).toBe(200);
    await expect.poll(getRecipient).toMatch(/^sbx_acct_/);
    const [account] = await t.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, (await getRecipient())!));
    expect(account?.destination).toBe('GB29…6819');
  });

  it('saves wizard steps and Calendar Info edits', async () => {
    const draft = await createDraft();
    const due = inDays(30);
    const response = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${draft.id}`,
      { dueDate: due, background: 'sun', wizardStep: 3, title: 'Baby Smith', hideTotal: false },
      owner.cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      dueDate: due,
      background: 'sun',
      wizardStep: 3,
      title: 'Baby Smith',
      hideTotal: false,
    });
    const again = await t.app.request(`/api/calendars/${draft.id}`, { headers: { cookie: owner.cookie } });
    expect(await again.json()).toMatchObject({ dueDate: due, wizardStep: 3 });
  });

  it.each([
    [{ dueDate: inDays(-1) }, 'dueDate', 'The expected birth date cannot be in the past.'],
    [{ dueDate: inDays(400) }, 'dueDate', 'The expected birth date can be at most 10 months ahead.'],
    [{ background: 'green' }, 'background', 'Please choose a background.'],
    [{ iban: 'DE89370400440532013001' }, 'iban', 'This IBAN is not valid: please check it for typos.'],
    [{ title: '' }, 'title', 'Please give your calendar a name.'],
  ])('refuses %j with a field message', async (body, field, message) => {
    const draft = await createDraft();
    const response = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, body, owner.cookie);
    expect(response.status).toBe(400);
    expect((await readError(response)).fields?.[field]).toBe(message);
  });

  it.each(['announced', 'paid_out'] as const)(
    'refuses every edit of a %s calendar with 409 and a clear message',
    async (status) => {
      const draft = await createDraft();
      await t.db.update(calendars).set({ status, title: 'Baby Smith' }).where(eq(calendars.id, draft.id));
      for (const body of [{ title: 'Renamed' }, { hideTotal: false }, { background: 'blue' }]) {
        const refused = await sendJson(t, 'PATCH', `/api/calendars/${draft.id}`, body, owner.cookie);
        expect(refused.status).toBe(409);
        expect(await readError(refused)).toMatchObject({
          code: 'calendar_closed',
          message: 'This calendar is closed, so its details can no longer be changed.',
        });
      }
      const [row] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
      expect(row).toMatchObject({ title: 'Baby Smith', hideTotal: true, background: 'pink' });
    },
  );

  it('refuses malformed and incomplete bodies with 400', async () => {
    expect((await sendJson(t, 'POST', '/api/calendars', '{"firstName":', owner.cookie)).status).toBe(400);
    const empty = await sendJson(t, 'POST', '/api/calendars', {}, owner.cookie);
    expect(Object.keys((await readError(empty)).fields ?? {})).toEqual(['firstName', 'lastName']);
  });
});

describe('only the owner', () => {
  it('lists their own calendars, newest first', async () => {
    const mine = await createDraft();
    const list = (await (await t.app.request('/api/calendars', { headers: { cookie: owner.cookie } })).json()) as {
      calendars: OwnerCalendar[];
    };
    expect(list.calendars[0]?.id).toBe(mine.id);
    const theirs = (await (await t.app.request('/api/calendars', { headers: { cookie: stranger.cookie } })).json()) as {
      calendars: OwnerCalendar[];
    };
    expect(theirs.calendars).toEqual([]);
  });

  it('answers 404 to another user and 401 to a signed-out caller', async () => {
    const draft = await createDraft();
    for (const [method, path, body] of [
      ['GET', `/api/calendars/${draft.id}`, undefined],
      ['PATCH', `/api/calendars/${draft.id}`, { title: 'Mine now' }],
      [
        'POST',
        `/api/calendars/${draft.id}/pay`,
        { idempotencyKey: 'x'.repeat(20), method: { type: 'wallet', wallet: 'apple_pay' } },
      ],
    ] as const) {
      const send = (cookie = '') =>
        method === 'GET'
          ? t.app.request(path, { headers: cookie ? { cookie } : {} })
          : sendJson(t, method, path, body, cookie);
      expect((await send(stranger.cookie)).status).toBe(404);
      expect((await send()).status).toBe(401);
    }
    const [row] = await t.db.select().from(calendars).where(eq(calendars.id, draft.id));
    // Still the automatic name (none stored), not the stranger's.
    expect(row?.title).toBeNull();
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect((await t.app.request(`/api/calendars/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    }
  });
});

describe('limits', () => {
  it('lets one account start at most 20 calendars an hour, and others are not held up', async () => {
    const busy = await createVerifiedUser(t, 'busy@example.com');
    const limit = t.context.rateLimits.calendarDrafts.limit;
    for (let index = 0; index < limit; index++) await createDraft(busy.cookie);
    const refused = await sendJson(
      t,
      'POST',
      '/api/calendars',
      { firstName: 'Anna', lastName: 'Smith', iban: 'DE89 3704 0044 0532 0130 00' },
      busy.cookie,
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await readError(refused)).code).toBe('rate_limited');
    await createDraft(stranger.cookie);
  });
});

describe('write to support', () => {
  it('e-mails support with the calendar and sends the user a copy', async () => {
    const draft = await createDraft();
    const response = await sendJson(
      t,
      'POST',
      '/api/support',
      { calendarId: draft.id, message: 'How do I change the date?' },
      owner.cookie,
    );
    expect(response.status).toBe(200);
    await t.sendQueuedMail();
    expect(t.mailCatcher.list('support@firstday.app')[0]?.text).toContain('How do I change the date?');
    expect(t.mailCatcher.list('owner@example.com').map((mail) => mail.subject)).toContain('We received your message');
    const empty = await sendJson(t, 'POST', '/api/support', { message: ' ' }, owner.cookie);
    expect((await readError(empty)).fields).toEqual({ message: 'Please write your message.' });
  });
});
