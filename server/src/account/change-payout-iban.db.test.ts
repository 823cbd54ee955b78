import type { CurrentUser } from '@firstday/common/account';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { SITE } from '@firstday/common/site';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';
import { account, session, user } from '../auth/schema.ts';
import { calendars } from '../calendars/schema.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { userProfiles } from './schema.ts';

const PASSWORD = 'correct horse battery';
const SUBJECT = 'The bank account for your payouts was changed';
const DE_IBAN = 'DE89 3704 0044 0532 0130 00';
const GB_IBAN = 'GB29 NWBK 6016 1331 9268 19';
const NL_IBAN = 'NL91 ABNA 0417 1643 00';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

let users = 0;
/** A verified password account with its own address (each test its own throttle and mailbox). */
async function createOwner() {
  users++;
  return createVerifiedUser(t, `owner-${users}@example.com`, PASSWORD, 'Anna Smith');
}

function settings(email: string, changes: Record<string, unknown> = {}) {
  return {
    name: 'Anna Smith',
    email,
    savingsGoalAmount: null,
    hideSenderNamesDefault: false,
    hideTotalDefault: true,
    ...changes,
  };
}

function saveSettings(owner: { cookie: string; email: string }, changes: Record<string, unknown>) {
  return sendJson(t, 'PUT', '/api/account/settings', settings(owner.email, changes), owner.cookie);
}

async function readProfile(email: string) {
  const [row] = await t.db
    .select({ ibanMasked: userProfiles.ibanMasked, name: user.name })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.userId, user.id))
    .where(eq(user.email, email));
  return row!;
}

/** The 'changed' e-mails queued for `email`, and once sent, as the catcher received them. */
async function readChangeMails(email: string) {
  const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  await t.sendQueuedMail();
  return {
    queued: queued.filter((mail) => mail.subject === SUBJECT).length,
    sent: t.mailCatcher.list(email).filter((mail) => mail.subject === SUBJECT),
  };
}

async function createCalendar(owner: { cookie: string }, status: 'draft' | 'active' = 'active') {
  const response = await sendJson(
    t,
    'POST',
    '/api/calendars',
    { firstName: 'Anna', lastName: 'Smith', iban: DE_IBAN },
    owner.cookie,
  );
  expect(response.status).toBe(201);
  const draft = (await response.json()) as OwnerCalendar;
  await t.db.update(calendars).set({ status, title: 'Baby Rose' }).where(eq(calendars.id, draft.id));
  return draft;
}

function patchCalendar(cookie: string, id: string, body: Record<string, unknown>) {
  return sendJson(t, 'PATCH', `/api/calendars/${id}`, body, cookie);
}

async function readCalendar(id: string) {
  const [row] = await t.db.select().from(calendars).where(eq(calendars.id, id));
  return row!;
}

describe("changing the account's IBAN", () => {
  it('needs the password: without it or with a wrong one nothing of the request is saved', async () => {
    const owner = await createOwner();
    const missing = await saveSettings(owner, { iban: GB_IBAN, name: 'Mallory' });
    expect(missing.status).toBe(400);
    expect(await readError(missing)).toMatchObject({
      code: 'validation_failed',
      fields: { password: 'Please enter your password to confirm.' },
    });

    const wrong = await saveSettings(owner, { iban: GB_IBAN, name: 'Mallory', password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(await readError(wrong)).toMatchObject({
      code: 'invalid_password',
      fields: { password: 'The password is not correct.' },
    });

    expect(await readProfile(owner.email)).toEqual({ ibanMasked: null, name: 'Anna Smith' });
    expect((await readChangeMails(owner.email)).queued).toBe(0);
  });

  it('saves with the right password and e-mails the owner at once, naming the old and new account', async () => {
    const owner = await createOwner();
    const first = await saveSettings(owner, { iban: DE_IBAN, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(((await first.json()) as CurrentUser).IBAN).toBe('DE89 •••• •••• •••• 3000');

    const second = await saveSettings(owner, { iban: GB_IBAN, password: PASSWORD });
    expect(second.status).toBe(200);
    expect(((await second.json()) as CurrentUser).IBAN).toBe('GB29 •••• •••• •••• 6819');

    const { queued, sent } = await readChangeMails(owner.email);
    expect(queued).toBe(2);
    const mail = sent.find((candidate) => candidate.text.includes('from DE89'));
    expect(mail?.text).toContain(
      'The bank account in your account settings was changed from DE89 •••• •••• •••• 3000 to GB29 •••• •••• •••• 6819 on',
    );
    expect(mail?.text).toContain("If this wasn't you");
    expect(mail?.text).toContain(SITE.supportEmail);
    expect(mail?.text).toContain('Reset your password: http://firstday.test/passwordrecovery');
    expect(mail?.text).not.toContain('9268');
  });

  it('needs nothing for the same IBAN again, for clearing it, or for other settings', async () => {
    const owner = await createOwner();
    expect((await saveSettings(owner, { iban: DE_IBAN, password: PASSWORD })).status).toBe(200);
    await readChangeMails(owner.email);

    const same = await saveSettings(owner, { iban: 'de89370400440532013000', hideTotalDefault: false });
    expect(same.status).toBe(200);
    expect(((await same.json()) as CurrentUser).IBAN).toBe('DE89 •••• •••• •••• 3000');
    expect((await saveSettings(owner, { name: 'Anna Maria Smith' })).status).toBe(200);
    const cleared = await saveSettings(owner, { iban: '' });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as CurrentUser).IBAN).toBeNull();
    expect((await readChangeMails(owner.email)).queued).toBe(1);
  });

  it('needs the password for a new e-mail address too: it could receive a password reset', async () => {
    const owner = await createOwner();
    const newEmail = `new-${owner.email}`;
    const refused = await saveSettings(owner, { email: newEmail });
    expect(refused.status).toBe(400);
    expect((await readError(refused)).fields).toEqual({ password: 'Please enter your password to confirm.' });
    await t.sendQueuedMail();
    expect(t.mailCatcher.list(newEmail)).toHaveLength(0);

    const confirmed = await saveSettings(owner, { email: newEmail, password: PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: owner.email, pending_email: newEmail });
  });

  it('slows down password guessing with 429, even for the right password', async () => {
    const owner = await createOwner();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await saveSettings(owner, { iban: GB_IBAN, password: `guess ${attempt}` })).status).toBe(400);
    }
    const throttled = await saveSettings(owner, { iban: GB_IBAN, password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
    expect((await readProfile(owner.email)).ibanMasked).toBeNull();
  });

  it('asks an account without a password for a sign-in of the last 10 minutes instead', async () => {
    const owner = await createOwner();
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    await t.db.update(account).set({ password: null }).where(eq(account.userId, row!.id));

    // Just signed in (the verification link signed this session in): the change goes through.
    expect((await saveSettings(owner, { iban: DE_IBAN })).status).toBe(200);

    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, row!.id));
    const stale = await saveSettings(owner, { iban: GB_IBAN, password: 'anything' });
    expect(stale.status).toBe(403);
    expect((await readError(stale)).code).toBe('reauthentication_required');
    expect((await readProfile(owner.email)).ibanMasked).toBe('DE89 •••• •••• •••• 3000');
  });
});

describe("changing a calendar's IBAN", () => {
  it('needs the password once the calendar is paid for: without it nothing of the request is saved', async () => {
    const owner = await createOwner();
    const calendar = await createCalendar(owner);
    const missing = await patchCalendar(owner.cookie, calendar.id, { iban: GB_IBAN, title: 'Changed' });
    expect(missing.status).toBe(400);
    expect((await readError(missing)).fields).toEqual({ password: 'Please enter your password to confirm.' });
    const wrong = await patchCalendar(owner.cookie, calendar.id, { iban: GB_IBAN, title: 'Changed', password: 'no' });
    expect(wrong.status).toBe(400);
    expect((await readError(wrong)).code).toBe('invalid_password');

    expect(await readCalendar(calendar.id)).toMatchObject({
      title: 'Baby Rose',
      ibanMasked: 'DE89 •••• •••• •••• 3000',
      ibanChangedAt: null,
    });
    expect((await readChangeMails(owner.email)).queued).toBe(0);
  });

  it('saves with the right password, starts the 24-hour payout hold and e-mails the owner', async () => {
    const owner = await createOwner();
    const calendar = await createCalendar(owner);
    const before = Date.now();
    const saved = await patchCalendar(owner.cookie, calendar.id, { iban: GB_IBAN, password: PASSWORD });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as OwnerCalendar).bankAccount).toBe('GB29 •••• •••• •••• 6819');
    const row = await readCalendar(calendar.id);
    expect(row.ibanChangedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.ibanChangedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const { sent } = await readChangeMails(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      'The bank account the gifts of “Baby Rose” are paid out to was changed from DE89 •••• •••• •••• 3000 to GB29 •••• •••• •••• 6819 on',
    );
    expect(sent[0]!.text).toMatch(
      /this calendar's payout waits until \w+ \d+, \d{4} at .+ UTC, 24 hours after the change/,
    );
    expect(sent[0]!.text).toContain(SITE.supportEmail);

    // The same IBAN again, and edits without an IBAN, need nothing and keep the hold's start.
    const same = await patchCalendar(owner.cookie, calendar.id, { iban: 'GB29NWBK60161331926819', title: 'Rose' });
    expect(same.status).toBe(200);
    expect((await readCalendar(calendar.id)).ibanChangedAt).toEqual(row.ibanChangedAt);
    expect((await readChangeMails(owner.email)).queued).toBe(1);
  });

  it("leaves a draft's IBAN free (no money yet, no hold) but still tells the owner", async () => {
    const owner = await createOwner();
    const draft = await createCalendar(owner, 'draft');
    const saved = await patchCalendar(owner.cookie, draft.id, { iban: NL_IBAN });
    expect(saved.status).toBe(200);
    expect(await readCalendar(draft.id)).toMatchObject({ ibanMasked: 'NL91 •••• •••• 4300', ibanChangedAt: null });
    const { sent } = await readChangeMails(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).not.toContain('waits until');
  });

  it('refuses a closed calendar before asking for the password', async () => {
    const owner = await createOwner();
    const calendar = await createCalendar(owner);
    await t.db.update(calendars).set({ status: 'announced' }).where(eq(calendars.id, calendar.id));
    const refused = await patchCalendar(owner.cookie, calendar.id, { iban: GB_IBAN, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect((await readError(refused)).code).toBe('calendar_closed');
    expect((await readCalendar(calendar.id)).ibanMasked).toBe('DE89 •••• •••• •••• 3000');
  });
});

// Issue 24: the bank account follows the parents' bank in Settings and on a paid calendar too.
describe('changing to a US or UK bank account', () => {
  const US_ACCOUNT = { routingNumber: '110000000', accountNumber: '000123456789' };
  const US_MASKED = 'US ••••6789 (routing 110000000)';
  const UK_ACCOUNT = { sortCode: '10-88-00', accountNumber: '0001 2345' };
  const UK_MASKED = 'GB 10-88-00 ••••2345';

  async function readSealedProfile(email: string) {
    const [row] = await t.db
      .select({ profile: userProfiles })
      .from(user)
      .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
      .where(eq(user.email, email));
    return row!.profile;
  }

  it('saves a US and then a UK account in Settings, with the password, masked and e-mailed masked', async () => {
    const owner = await createOwner();
    const missing = await saveSettings(owner, US_ACCOUNT);
    expect(missing.status).toBe(400);
    expect((await readError(missing)).fields).toEqual({ password: 'Please enter your password to confirm.' });

    const us = await saveSettings(owner, { ...US_ACCOUNT, password: PASSWORD });
    expect(us.status).toBe(200);
    expect(((await us.json()) as CurrentUser).IBAN).toBe(US_MASKED);
    const me = await t.app.request('/api/users/me', { headers: { cookie: owner.cookie } });
    expect(((await me.json()) as CurrentUser).IBAN).toBe(US_MASKED);
    // Sealed: the account number is nowhere in the row as text.
    expect(JSON.stringify(await readSealedProfile(owner.email))).not.toContain('123456789');

    const uk = await saveSettings(owner, { ...UK_ACCOUNT, password: PASSWORD });
    expect(uk.status).toBe(200);
    expect(((await uk.json()) as CurrentUser).IBAN).toBe(UK_MASKED);

    const { queued, sent } = await readChangeMails(owner.email);
    expect(queued).toBe(2);
    expect(sent.map((mail) => mail.text).join('\n')).toContain(
      `The bank account in your account settings was changed to ${US_MASKED} on`,
    );
    expect(sent.map((mail) => mail.text).join('\n')).toContain(
      `The bank account in your account settings was changed from ${US_MASKED} to ${UK_MASKED} on`,
    );
    for (const mail of sent) {
      expect(mail.text).not.toContain('000123456789');
      expect(mail.text).not.toContain('00012345');
    }

    // The same account written another way is no change; a new calendar takes it, in pounds.
    const same = await saveSettings(owner, { sortCode: '108800', accountNumber: '00012345' });
    expect(same.status).toBe(200);
    expect((await readChangeMails(owner.email)).queued).toBe(2);
    const created = await sendJson(t, 'POST', '/api/calendars', { firstName: 'Anna', lastName: 'Smith' }, owner.cookie);
    expect(created.status).toBe(201);
    expect((await created.json()) as OwnerCalendar).toMatchObject({ bankAccount: UK_MASKED, currency: 'gbp' });

    // Removing it needs nothing.
    const cleared = await saveSettings(owner, { iban: '' });
    expect(((await cleared.json()) as CurrentUser).IBAN).toBeNull();
  });

  it('refuses an incomplete or mixed account in Settings with the field to fix', async () => {
    const owner = await createOwner();
    const noAccount = await saveSettings(owner, { routingNumber: '110000000', password: PASSWORD });
    expect(noAccount.status).toBe(400);
    expect((await readError(noAccount)).fields).toEqual({ accountNumber: 'Please enter the account number.' });
    const typo = await saveSettings(owner, { ...US_ACCOUNT, routingNumber: '110000001', password: PASSWORD });
    expect((await readError(typo)).fields).toEqual({
      routingNumber: 'This routing number is not valid: please check it for typos.',
    });
    const both = await saveSettings(owner, { ...UK_ACCOUNT, iban: DE_IBAN, password: PASSWORD });
    expect((await readError(both)).fields).toEqual({
      iban: 'Please enter either an IBAN or an account number, not both.',
    });
    expect((await readProfile(owner.email)).ibanMasked).toBeNull();
  });

  it("replaces a paid US calendar's account with a new US account or an IBAN: password, 24-hour hold, e-mail", async () => {
    const owner = await createOwner();
    const draft = await sendJson(
      t,
      'POST',
      '/api/calendars',
      { firstName: 'Anna', lastName: 'Smith', ...US_ACCOUNT },
      owner.cookie,
    );
    const calendar = (await draft.json()) as OwnerCalendar;
    expect(calendar).toMatchObject({ bankAccount: US_MASKED, currency: 'usd' });
    await t.db.update(calendars).set({ status: 'active', title: 'Baby Rose' }).where(eq(calendars.id, calendar.id));
    await readChangeMails(owner.email);

    const newUs = { routingNumber: '021000021', accountNumber: '987654321' };
    const missing = await patchCalendar(owner.cookie, calendar.id, newUs);
    expect(missing.status).toBe(400);
    expect((await readError(missing)).fields).toEqual({ password: 'Please enter your password to confirm.' });
    expect(await readCalendar(calendar.id)).toMatchObject({ ibanMasked: US_MASKED, ibanChangedAt: null });

    const before = Date.now();
    const saved = await patchCalendar(owner.cookie, calendar.id, { ...newUs, password: PASSWORD });
    expect(saved.status).toBe(200);
    expect((await saved.json()) as OwnerCalendar).toMatchObject({
      bankAccount: 'US ••••4321 (routing 021000021)',
      currency: 'usd',
    });
    const row = await readCalendar(calendar.id);
    expect(row.ibanChangedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const { sent } = await readChangeMails(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      `The bank account the gifts of “Baby Rose” are paid out to was changed from ${US_MASKED} to US ••••4321 (routing 021000021) on`,
    );
    expect(sent[0]!.text).toMatch(/this calendar's payout waits until .+, 24 hours after the change/);
    expect(sent[0]!.text).not.toContain('987654321');

    // An IBAN takes dollars too (Stripe converts): the calendar keeps its currency.
    const toIban = await patchCalendar(owner.cookie, calendar.id, { iban: DE_IBAN, password: PASSWORD });
    expect(toIban.status).toBe(200);
    expect((await toIban.json()) as OwnerCalendar).toMatchObject({
      bankAccount: 'DE89 •••• •••• •••• 3000',
      currency: 'usd',
    });
  });

  it("replaces a paid UK calendar's sort code account with another one, with the password and the hold", async () => {
    const owner = await createOwner();
    const draft = await sendJson(
      t,
      'POST',
      '/api/calendars',
      { firstName: 'Anna', lastName: 'Smith', ...UK_ACCOUNT },
      owner.cookie,
    );
    const calendar = (await draft.json()) as OwnerCalendar;
    expect(calendar).toMatchObject({ bankAccount: UK_MASKED, currency: 'gbp' });
    await t.db.update(calendars).set({ status: 'active', title: 'Baby Rose' }).where(eq(calendars.id, calendar.id));
    await readChangeMails(owner.email);

    const newUk = { sortCode: '20-00-00', accountNumber: '55779911' };
    const wrong = await patchCalendar(owner.cookie, calendar.id, { ...newUk, password: 'no' });
    expect((await readError(wrong)).code).toBe('invalid_password');
    const saved = await patchCalendar(owner.cookie, calendar.id, { ...newUk, password: PASSWORD });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as OwnerCalendar).bankAccount).toBe('GB 20-00-00 ••••9911');
    expect((await readCalendar(calendar.id)).ibanChangedAt).not.toBeNull();
    const { sent } = await readChangeMails(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`changed from ${UK_MASKED} to GB 20-00-00 ••••9911 on`);
    expect(sent[0]!.text).toContain('payout waits until');
  });
});
