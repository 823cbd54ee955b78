import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { sendJson } from '../../test/test-users.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('callback URLs of the auth routes', () => {
  it('answers 400 for a verification link whose callbackURL is not a path (was a 500)', async () => {
    const response = await t.app.request('/api/auth/verify-email?token=not-a-token&callbackURL=!');
    expect(response.status).toBe(400);
    expect(await readError(response)).toEqual({
      code: 'invalid_callback_url',
      message: 'callbackURL must be a path on this site, like /my_calendars.',
    });
  });

  it('sends a broken token with a good callbackURL to the page that explains it, the callbackURL kept', async () => {
    const response = await t.app.request('/api/auth/verify-email?token=not-a-token&callbackURL=/my_calendars');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/confirm_email?link=invalid&redirect=%2Fmy_calendars');
  });

  it('refuses the same in a body', async () => {
    const response = await sendJson(t, 'POST', '/api/auth/send-verification-email', {
      email: 'someone@example.com',
      callbackURL: 'my_calendars',
    });
    expect(response.status).toBe(400);
    expect((await readError(response)).code).toBe('invalid_callback_url');
  });

  it("checks a federated sign-in's newUserCallbackURL (where a new account goes) like the others", async () => {
    const response = await sendJson(t, 'POST', '/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: '/my_calendars',
      newUserCallbackURL: 'create_calendar',
      disableRedirect: true,
    });
    expect(response.status).toBe(400);
    expect(await readError(response)).toEqual({
      code: 'invalid_callback_url',
      message: 'newUserCallbackURL must be a path on this site, like /my_calendars.',
    });
  });
});
