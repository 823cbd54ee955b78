import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { type EmailVerifiedClaim, signInWithTestOidc, startTestOidcProvider } from '../../test/test-oidc-provider.ts';
import { createVerifiedUser, readSessionCookie, sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { FEDERATED_PROVIDER_ID } from './auth.ts';
import { account as accounts, user as users } from './schema.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let oidc: Awaited<ReturnType<typeof startTestOidcProvider>>;
/** The local provider as any provider is by default: not in AUTH_TRUSTED_PROVIDERS. */
let untrusted: TestApp;
/** The same provider listed in AUTH_TRUSTED_PROVIDERS, as Google is by default. */
let trusted: TestApp;

beforeAll(async () => {
  oidc = await startTestOidcProvider();
  untrusted = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...oidc.env(false) } });
  trusted = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...oidc.env(true) } });
});
afterAll(async () => {
  await untrusted?.close();
  await trusted?.close();
  await oidc?.close();
});

const DRAFT = { firstName: 'Lena', lastName: 'Miller', iban: 'DE89 3704 0044 0532 0130 00' };
const createCalendar = (t: TestApp, cookie: string) => sendJson(t, 'POST', '/api/calendars', DRAFT, cookie);

const findUser = async (t: TestApp, email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

const findFederatedAccounts = async (t: TestApp, userId: string) =>
  t.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, FEDERATED_PROVIDER_ID)));

/** The verification link of the newest 'Confirm your email' message to `email`. */
async function findVerificationLink(t: TestApp, email: string) {
  await t.sendQueuedMail();
  const mails = t.mailCatcher.list(email).filter((mail) => mail.subject === 'Confirm your email for Firstday');
  return mails.at(-1)?.text.match(/http:\/\/firstday\.test(\/api\/auth\/verify-email\S+)/)?.[1];
}

describe('an address the provider does not vouch for', () => {
  it.each<[string, () => TestApp, EmailVerifiedClaim]>([
    ['a trusted provider says it is not verified', () => trusted, false],
    ['a trusted provider leaves email_verified out', () => trusted, 'absent'],
    ['an untrusted provider says it is verified', () => untrusted, true],
  ])('makes an unverified account that our own e-mail verifies (%s)', async (_case, app, claim) => {
    const t = app();
    const email = `new-${String(claim)}-${t === trusted ? 'trusted' : 'untrusted'}@example.com`;
    oidc.emailVerified.set(email, claim);

    const first = await signInWithTestOidc(t, email);
    expect(first).toMatchObject({ status: 302, path: '/login', error: 'email_not_verified', cookie: '' });
    const created = await findUser(t, email);
    expect(created?.emailVerified).toBe(false);
    expect(await findFederatedAccounts(t, created?.id ?? '')).toHaveLength(1);
    const link = await findVerificationLink(t, email);
    expect(link).toBeTruthy();

    // No calendar without a session, and signing in again before the link is opened gives none.
    expect((await createCalendar(t, first.cookie)).status).toBe(401);
    const again = await signInWithTestOidc(t, email);
    expect(again).toMatchObject({ error: 'email_not_verified', cookie: '' });

    // Opening the e-mailed link verifies the address and signs in, exactly like a password sign-up.
    const verify = await t.app.request(link ?? '');
    expect(verify.status).toBe(302);
    expect((await findUser(t, email))?.emailVerified).toBe(true);
    expect((await createCalendar(t, readSessionCookie(verify))).status).toBe(201);

    // From then on the provider signs the account in.
    const later = await signInWithTestOidc(t, email);
    expect(later).toMatchObject({ path: '/my_calendars', error: null });
    expect((await createCalendar(t, later.cookie)).status).toBe(201);
  });

  it('is trusted for a new account when a trusted provider vouches for it', async () => {
    const email = 'vouched@example.com';
    const signedIn = await signInWithTestOidc(trusted, email);
    expect(signedIn).toMatchObject({ status: 302, path: '/my_calendars/new', error: null });
    expect((await findUser(trusted, email))?.emailVerified).toBe(true);
    expect((await createCalendar(trusted, signedIn.cookie)).status).toBe(201);
    expect(await findVerificationLink(trusted, email)).toBeUndefined();
  });
});

describe('an address that already has a password account', () => {
  /** A verified password account with a calendar; what a takeover would reach. */
  async function createPasswordAccount(t: TestApp, email: string) {
    const owner = await createVerifiedUser(t, email, 'owner password');
    const calendar = await createCalendar(t, owner.cookie);
    expect(calendar.status).toBe(201);
    const row = await findUser(t, email);
    if (!row) throw new Error('no user');
    return { ...owner, user: row, calendarId: ((await calendar.json()) as { id: string }).id };
  }

  it('is refused to an untrusted provider that says it is verified: no link, no session, nothing changed', async () => {
    const t = untrusted;
    const owner = await createPasswordAccount(t, 'owner@example.com');
    oidc.emailVerified.set('owner@example.com', true);

    const attempt = await signInWithTestOidc(t, 'owner@example.com');
    expect(attempt).toMatchObject({ status: 302, path: '/login', error: 'account_not_linked', cookie: '' });
    expect(await findFederatedAccounts(t, owner.user.id)).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.email, 'owner@example.com'))).toEqual([owner.user]);
    const owned = await t.db.select().from(calendars).where(eq(calendars.ownerId, owner.user.id));
    expect(owned.map((calendar) => calendar.id)).toEqual([owner.calendarId]);

    // Asking again changes nothing, and the owner still signs in with her password.
    expect(await signInWithTestOidc(t, 'owner@example.com')).toMatchObject({ error: 'account_not_linked' });
    const password = await sendJson(t, 'POST', '/api/auth/sign-in/email', {
      email: 'owner@example.com',
      password: 'owner password',
    });
    expect(password.status).toBe(200);
    const list = await t.app.request('/api/calendars', { headers: { cookie: readSessionCookie(password) } });
    expect(((await list.json()) as { calendars: { id: string }[] }).calendars.map((c) => c.id)).toEqual([
      owner.calendarId,
    ]);
  });

  it('is linked for a trusted provider that vouches for it, and signs in to that account', async () => {
    const t = trusted;
    const owner = await createPasswordAccount(t, 'linked@example.com');

    const signedIn = await signInWithTestOidc(t, 'linked@example.com');
    expect(signedIn).toMatchObject({ status: 302, path: '/my_calendars', error: null });
    expect(await findFederatedAccounts(t, owner.user.id)).toHaveLength(1);
    const list = await t.app.request('/api/calendars', { headers: { cookie: signedIn.cookie } });
    expect(((await list.json()) as { calendars: { id: string }[] }).calendars.map((c) => c.id)).toEqual([
      owner.calendarId,
    ]);
  });

  it.each<[string, () => TestApp, EmailVerifiedClaim]>([
    ['a trusted provider that does not vouch for it', () => trusted, false],
    ['an untrusted provider that leaves email_verified out', () => untrusted, 'absent'],
  ])('is not linked for %s', async (_case, app, claim) => {
    const t = app();
    const email = `kept-${String(claim)}@example.com`;
    const owner = await createPasswordAccount(t, email);
    oidc.emailVerified.set(email, claim);
    expect(await signInWithTestOidc(t, email)).toMatchObject({ error: 'account_not_linked', cookie: '' });
    expect(await findFederatedAccounts(t, owner.user.id)).toHaveLength(0);
  });

  it('is not linked while the password account has not verified its own address, even for a trusted provider', async () => {
    // Someone may have signed up with the address to wait for its owner's federated sign-in.
    const t = trusted;
    const email = 'pre-registered@example.com';
    await sendJson(t, 'POST', '/api/auth/sign-up/email', { name: 'Squatter', email, password: 'squatter password' });
    const squatter = await findUser(t, email);
    expect(await signInWithTestOidc(t, email)).toMatchObject({ error: 'account_not_linked', cookie: '' });
    expect(await findFederatedAccounts(t, squatter?.id ?? '')).toHaveLength(0);
  });
});

describe('a session of an account whose address is not verified', () => {
  it('creates no calendar (a creator has a verified address)', async () => {
    const t = untrusted;
    const { cookie } = await createVerifiedUser(t, 'unverified-later@example.com');
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.email, 'unverified-later@example.com'));
    const refused = await createCalendar(t, cookie);
    expect(refused.status).toBe(401);
    expect((await readError(refused)).code).toBe('email_not_verified');
  });
});
