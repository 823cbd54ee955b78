import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { solveCaptcha } from '../../test/test-captcha.ts';
import { createVerifiedUser, sendJson } from '../../test/test-users.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

const requestReset = async (email: string, captchaValue?: string) =>
  sendJson(t, 'POST', '/api/account/password-reset', { email, captchaValue: captchaValue ?? (await solveCaptcha(t)) });

async function waitForResetMail(email: string) {
  await expect
    .poll(async () => {
      await t.sendQueuedMail();
      return t.mailCatcher.list(email).find((mail) => mail.subject === 'Reset your Firstday password');
    })
    .toBeTruthy();
  return t.mailCatcher.list(email).find((mail) => mail.subject === 'Reset your Firstday password')!;
}

describe('password reset', () => {
  it('needs the captcha on the request itself', async () => {
    const missing = await sendJson(t, 'POST', '/api/account/password-reset', { email: 'x@example.com' });
    expect(missing.status).toBe(400);
    expect((await readError(missing)).fields).toEqual({ captchaValue: 'Please verify the captcha!' });
    const forged = await requestReset('x@example.com', Buffer.from('{"nope":1}').toString('base64'));
    expect(forged.status).toBe(400);
    expect(await readError(forged)).toEqual({ code: 'captcha_failed', message: 'Please verify the captcha!' });
    const noEmail = await sendJson(t, 'POST', '/api/account/password-reset', { email: ' ', captchaValue: 'x' });
    expect((await readError(noEmail)).fields?.email).toBe('Please provide an email address to recover password');
  });

  it('answers the same for an unknown address and sends it nothing', async () => {
    const response = await requestReset('stranger@example.com');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });
    await t.sendQueuedMail();
    expect(t.mailCatcher.list('stranger@example.com')).toEqual([]);
  });

  it('e-mails a one-time /resetpassword?oobCode= link that sets a new password', async () => {
    await createVerifiedUser(t, 'forgetful@example.com', 'old password 1');
    expect((await requestReset('forgetful@example.com')).status).toBe(200);
    const mail = await waitForResetMail('forgetful@example.com');
    const token = mail.text.match(/http:\/\/firstday\.test\/resetpassword\?oobCode=(\S+)/)?.[1];
    expect(token).toBeTruthy();

    const reset = await sendJson(t, 'POST', '/api/auth/reset-password', {
      newPassword: 'new password 2',
      token: decodeURIComponent(token!),
    });
    expect(reset.status).toBe(200);
    const again = await sendJson(t, 'POST', '/api/auth/reset-password', {
      newPassword: 'new password 3',
      token: decodeURIComponent(token!),
    });
    expect(again.status).toBe(400);
    expect((await readError(again)).code).toBe('invalid_token');

    const oldLogin = await sendJson(t, 'POST', '/api/auth/sign-in/email', {
      email: 'forgetful@example.com',
      password: 'old password 1',
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await sendJson(t, 'POST', '/api/auth/sign-in/email', {
      email: 'forgetful@example.com',
      password: 'new password 2',
    });
    expect(newLogin.status).toBe(200);
  });
});

describe('password reset requests for someone else', () => {
  it("cannot flood the owner's inbox or use up her own requests", async () => {
    const proxied = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    try {
      await createVerifiedUser(proxied, 'popular@example.com', 'old password 1');
      const ask = async (ip: string) =>
        proxied.app.request('/api/account/password-reset', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://firstday.test', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: 'popular@example.com', captchaValue: await solveCaptcha(proxied) }),
        });
      for (let i = 0; i < 12; i++) expect((await ask(`198.51.100.${i}`)).status).toBe(200);
      // The owner's own request is answered like any other, never refused.
      const owner = await ask('203.0.113.60');
      expect(owner.status).toBe(200);
      expect(await owner.json()).toEqual({ sent: true });
      const resetMails = () =>
        proxied.mailCatcher
          .list('popular@example.com')
          .filter((mail) => mail.subject === 'Reset your Firstday password');
      await expect
        .poll(async () => {
          await proxied.sendQueuedMail();
          return resetMails().length;
        })
        .toBe(5);
    } finally {
      await proxied.close();
    }
  });
});
