import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  findEditLink,
  makeContribution,
  postContribution,
} from '../../test/test-contributions.ts';
import { sendJson, TEST_ORIGIN } from '../../test/test-users.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof createActiveCalendar>>;

const NUL_MESSAGE =
  'This contains a character we cannot accept (U+0000, an invisible control character). Please remove it.';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createActiveCalendar(t);
});
afterAll(() => t.close());

async function expectRefused(response: Response, fields: Record<string, string>) {
  expect(response.status).toBe(400);
  const error = await readError(response);
  expect(error.code).toBe('validation_failed');
  expect(error.fields).toMatchObject(fields);
}

describe('a NUL character (U+0000) in a text field', () => {
  it('in the sign-up name answers 400 with the field message', async () => {
    const response = await sendJson(t, 'POST', '/api/auth/sign-up/email', {
      name: 'Anna\u0000',
      email: `nul-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      callbackURL: '/my_calendars',
    });
    await expectRefused(response, { name: NUL_MESSAGE });
  });

  it('in a calendar title or a parent name answers 400 with the field message', async () => {
    const path = `/api/calendars/${owner.calendar.id}`;
    await expectRefused(await sendJson(t, 'PATCH', path, { title: 'Baby\u0000' }, owner.cookie), {
      title: NUL_MESSAGE,
    });
    await expectRefused(
      await sendJson(t, 'POST', '/api/calendars', { firstName: '\u0000', lastName: 'Miller' }, owner.cookie),
      { firstName: NUL_MESSAGE },
    );
  });

  it('in a contribution wish or name answers 400 with the field messages', async () => {
    const body = await makeContribution(t, { wish: 'Welcome\u0000', name: 'Grace\u0000' });
    await expectRefused(await postContribution(t, owner.calendar.slug, body), {
      wish: NUL_MESSAGE,
      name: NUL_MESSAGE,
    });
  });

  it('in a support message answers 400 with the field message', async () => {
    const response = await sendJson(t, 'POST', '/api/support', { message: 'Help\u0000' }, owner.cookie);
    await expectRefused(response, { message: NUL_MESSAGE });
  });

  it('in the account settings answers 400 with the field message', async () => {
    const response = await sendJson(
      t,
      'PUT',
      '/api/account/settings',
      {
        name: 'Anna\u0000Miller',
        email: owner.email,
        savingsGoalAmount: null,
        hideSenderNamesDefault: false,
        hideTotalDefault: true,
      },
      owner.cookie,
    );
    await expectRefused(response, { name: NUL_MESSAGE });
  });

  it('in a wish changed through the edit link answers 400 with the field message', async () => {
    const contribution = await makeContribution(t);
    expect((await postContribution(t, owner.calendar.slug, contribution)).status).toBe(201);
    const link = await findEditLink(t, contribution.email);
    const response = await sendJson(t, 'PATCH', `/api/public/contributions/${link!.id}?token=${link!.token}`, {
      wish: 'Changed\u0000',
    });
    await expectRefused(response, { wish: NUL_MESSAGE });
  });
});

describe('the one text check', () => {
  it('names nested fields by their dotted path, like the schema errors', async () => {
    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${owner.calendar.id}/pay`,
      {
        idempotencyKey: randomUUID(),
        method: { type: 'card', card: { number: '4242424242424242', holderName: 'A\u0007', expiry: '12/39' } },
      },
      owner.cookie,
    );
    await expectRefused(response, { 'method.card.holderName': expect.stringContaining('U+0007') });
  });

  it('refuses an unpaired surrogate written as a JSON escape', async () => {
    const response = await sendJson(
      t,
      'PATCH',
      `/api/calendars/${owner.calendar.id}`,
      '{"title":"Baby \\ud800"}',
      owner.cookie,
    );
    await expectRefused(response, { title: expect.stringContaining('U+D800') });
  });

  it('checks decoded path segments and query values', async () => {
    await expectRefused(await t.app.request('/api/public/calendars/ab%00cd'), { path: NUL_MESSAGE });
    await expectRefused(await t.app.request(`/api/public/contributions/${randomUUID()}?token=%00`), {
      'query.token': NUL_MESSAGE,
    });
    await expectRefused(await t.app.request('/api/wishes?calendarId=%C2%85', { headers: { cookie: owner.cookie } }), {
      'query.calendarId': expect.stringContaining('U+0085'),
    });
  });

  it('runs before better-auth, whose handler still reads the body afterwards', async () => {
    await expectRefused(await sendJson(t, 'POST', '/api/auth/sign-in/email', { email: 'a\u0000@b.c', password: 'x' }), {
      email: NUL_MESSAGE,
    });
    const wrong = await sendJson(t, 'POST', '/api/auth/sign-in/email', {
      email: owner.email,
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
  });

  it('checks form-encoded bodies (better-auth accepts them on some routes)', async () => {
    const response = await t.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      body: 'name=Anna%00&email=x%40example.com&password=correct+horse+battery',
    });
    await expectRefused(response, { name: NUL_MESSAGE });
  });

  it('reads a streamed body without a length (the body limit buffers it) and passes clean ones on', async () => {
    const stream = (text: string) =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const send = (text: string) =>
      t.app.request(`/api/calendars/${owner.calendar.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: owner.cookie },
        body: stream(text),
        duplex: 'half',
      } as RequestInit);
    await expectRefused(await send('{"title":"\\u0000"}'), { title: NUL_MESSAGE });
    const clean = await send('{"title":"Our little one"}');
    expect(clean.status).toBe(200);
    expect(((await clean.json()) as { title: string }).title).toBe('Our little one');
  });

  it('leaves signed webhook bodies to their signature check', async () => {
    const response = await t.app.request('/api/payments/webhooks/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"\\u0000"}',
    });
    expect(response.status).toBe(400);
    expect((await readError(response)).code).toBe('invalid_signature');
  });

  it('keeps tabs, line breaks, emoji and right-to-left text', async () => {
    const response = await sendJson(t, 'POST', '/api/support', { message: 'Line 1\r\n\tשלום 👨‍👩‍👧' }, owner.cookie);
    expect(response.status).toBe(200);
  });
});
