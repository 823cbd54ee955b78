// A calendar for the benchmarks, made through the real API of a started product server: a creator
// signs up (verified through the dev mailbox), creates and pays a calendar, and guests contribute.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { mailboxes } from '../bench/mail-catcher.mjs';

export const GOOD_CARD = { number: '4242424242424242', holderName: 'Bench Payer', expiry: '12/39', cvc: '123' };

/** A Luhn-valid number from the sandbox's stolen-card range (4000 0000 00…), a different one per index. */
export function stolenCard(index) {
  const body = `4000000000${String(index % 100_000).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return { ...GOOD_CARD, number: `${body}${(10 - (sum % 10)) % 10}` };
}

// The bench server skips the captcha (allowed in production only with the sandbox, env.ts) and the
// contribution rate limits: every request comes from one address.
export const BENCH_ENV = {
  BENCH_DISABLE_CAPTCHA: 'true',
  CONTRIBUTION_RATE_LIMIT_PER_IP: '100000000',
  CONTRIBUTION_RATE_LIMIT_PER_CALENDAR: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
};

function addDays(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function request(url, path, { method = 'GET', body, cookie, headers = {} } = {}) {
  // A production server has no dev mailbox: its mail is in the benchmark's catcher (start-server.mjs).
  const mailbox = mailboxes.get(url);
  if (mailbox && path.startsWith('/api/dev/mail')) {
    const to = new URL(path, url).searchParams.get('to') ?? undefined;
    return Response.json(await mailbox.list(to));
  }
  const response = await fetch(`${url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      // The server's own origin (APP_URL defaults to http://localhost:<port>), as a browser sends it.
      origin: url.replace('127.0.0.1', 'localhost'),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response;
}

/** Signs up and verifies a creator through the dev mailbox; answers the session cookie. */
export async function createVerifiedCreator(url) {
  const email = `bench-${randomUUID()}@example.com`;
  const signUp = await request(url, '/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: 'Bench Parent', email, password: 'bench-password-123', callbackURL: '/my_calendars' },
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  let link;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const mails = await (await request(url, `/api/dev/mail?to=${encodeURIComponent(email)}`)).json();
    link = mails.map((mail) => mail.text.match(/https?:\/\/[^/\s]+(\/api\/auth\/verify-email\S+)/)?.[1]).find(Boolean);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no verification e-mail');
  const verify = await request(url, link);
  const cookie = verify.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/** A draft through wizard steps 1–3 (names, IBAN, due date), ready for its fee. */
export async function createDraftCalendar(url, cookie) {
  const created = await request(url, '/api/calendars', {
    method: 'POST',
    cookie,
    body: { firstName: 'Bench', lastName: 'Parent', iban: 'DE89370400440532013000' },
  });
  const calendar = await created.json();
  await request(url, `/api/calendars/${calendar.id}`, {
    method: 'PATCH',
    cookie,
    // Due in 30 days: the whole guess window (28 days before to 14 after) is still open, so every
    // guess of `makeContribution` is accepted (days that have ended cannot be guessed, decision 013).
    body: { dueDate: addDays(30), title: 'Bench baby', hideTotal: false },
  });
  return calendar;
}

/** Signs up and verifies a creator through the dev mailbox, creates a calendar and pays its fee. */
export async function createActiveCalendar(url) {
  const { email, cookie } = await createVerifiedCreator(url);
  const calendar = await createDraftCalendar(url, cookie);
  const pay = await request(url, `/api/calendars/${calendar.id}/pay`, {
    method: 'POST',
    cookie,
    body: { idempotencyKey: `bench-fee-${randomUUID()}`, method: { type: 'card', card: GOOD_CARD } },
  });
  if (!pay.ok) throw new Error(`pay: ${pay.status} ${await pay.text()}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await (await request(url, `/api/calendars/${calendar.id}`, { cookie })).json();
    if (current.status === 'active') return { ...current, cookie, ownerEmail: email };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the calendar did not become active');
}

/** Guest number `index`: a guess spread over the 43-day window, a wish, no gift unless `extra` adds one. */
export function makeContribution(calendar, index, extra = {}) {
  const offset = (index % 43) - 28;
  const due = new Date(`${calendar.dueDate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + offset);
  return {
    idempotencyKey: `bench-${randomUUID()}`,
    name: `Bench Guest ${index}`,
    email: `guest-${index}@example.com`,
    guessedDate: due.toISOString().slice(0, 10),
    wish: `Welcome, little one! A wish from bench guest number ${index}.`,
    captchaValue: 'bench',
    ...extra,
  };
}

/** Posts `count` contributions to the calendar, 20 at a time. */
export async function seedContributions(url, calendar, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const response = await request(url, `/api/public/calendars/${calendar.slug}/contributions`, {
        method: 'POST',
        body: makeContribution(calendar, index),
      });
      if (response.status !== 201) throw new Error(`seed: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

/**
 * Gives the calendar a phone-sized cover photo (4032×3024 JPEG with fine detail, a few MB, like a
 * camera's) and a parents' note, through the real upload and the calendar update.
 */
export async function addCoverPhoto(url, calendar) {
  const { default: sharp } = await import('sharp');
  const width = 4032;
  const height = 3024;
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer();
  const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .tint({ r: 240, g: 190, b: 170 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(photo)], 'IMG_0001.jpg', { type: 'image/jpeg' }));
  const uploaded = await fetch(`${url}/api/images`, {
    method: 'POST',
    headers: { origin: url.replace('127.0.0.1', 'localhost'), cookie: calendar.cookie },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const image = await uploaded.json();
  const saved = await request(url, `/api/calendars/${calendar.id}`, {
    method: 'PATCH',
    cookie: calendar.cookie,
    body: {
      coverImageId: image.id,
      parentsNote: 'We can’t wait to meet our little one! Thank you for guessing with us.',
    },
  });
  if (!saved.ok) throw new Error(`cover photo: ${saved.status} ${await saved.text()}`);
  return { bytes: photo.byteLength };
}

/** A database made on the PostgreSQL server at `serverUrl`: its URL, and `drop` for the end. */
export async function createTemporaryDatabase(serverUrl) {
  const name = `firstday_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Runs `run` with the URL of a database made for it on the PostgreSQL server at `serverUrl`, then drops it. */
export async function withTemporaryDatabase(serverUrl, run) {
  const database = await createTemporaryDatabase(serverUrl);
  try {
    return await run(database.url);
  } finally {
    await database.drop();
  }
}
