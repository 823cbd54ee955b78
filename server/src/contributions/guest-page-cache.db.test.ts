import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LOCALE_COOKIE } from '@firstday/common/locales';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  createActiveCalendar,
  GOOD_CARD,
  makeContribution,
  postContribution,
  withAnyCaptcha,
} from '../../test/test-contributions.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { useManualSandboxWebhooks } from '../../test/test-payments.ts';
import { sendJson } from '../../test/test-users.ts';
import type { Database } from '../lib/db.ts';
import { loadWebBuild, type WebBuild } from '../lib/web-static.ts';

// The guest page's HTML is cached per calendar and language and follows the public calendar
// cache's invalidations (docs/decisions/033-guest-page-html-cache.md). Renders are counted by
// wrapping the build's render function: a request served from the cache renders nothing.

const WEB_DIST = fileURLToPath(new URL('../../../web/build/client', import.meta.url));
const NO_LIMIT = { limit: 100_000, windowMs: 60_000 };

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The web build, with a count of the pages React Router rendered through it. */
function countRenders(web: WebBuild) {
  const counter = {
    renders: 0,
    web: {
      ...web,
      render: async (request: Request, context: unknown) => {
        counter.renders++;
        return web.render(request, context);
      },
    } satisfies WebBuild,
  };
  return counter;
}

let web: WebBuild;
let counter: ReturnType<typeof countRenders>;
let t: TestApp;
let webhooks: ReturnType<typeof useManualSandboxWebhooks>;

beforeAll(async () => {
  web = await loadWebBuild(WEB_DIST);
  counter = countRenders(web);
  t = await createTestApp({
    web: counter.web,
    rateLimits: { contributionsPerIp: NO_LIMIT, contributionsPerCalendar: NO_LIMIT },
  });
  webhooks = useManualSandboxWebhooks(t);
});
afterAll(() => t?.close());

function request(app: TestApp, path: string, headers: Record<string, string> = {}) {
  return app.app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });
}

/** The page as a browser gets it (brotli), decoded, and how many renders it took. */
async function getPage(app: TestApp, slug: string, headers: Record<string, string> = {}) {
  const before = counter.renders;
  const response = await request(app, `/c/${slug}`, headers);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-encoding')).toBe('br');
  const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
  return { response, html, renders: counter.renders - before };
}

async function contribute(slug: string, overrides: { name: string; giftAmount?: number }) {
  const { giftAmount, ...rest } = overrides;
  const body = await makeContribution(t, {
    captchaValue: 'any',
    ...rest,
    ...(giftAmount ? { giftAmount, payment: { type: 'card', card: GOOD_CARD } } : {}),
  });
  const response = await withAnyCaptcha(t, async () => postContribution(t, slug, body));
  expect(response.status).toBe(201);
  return (await response.json()) as { contributionId: string };
}

describe('the guest page from the cache', () => {
  it('renders once: the second request, and one with a query string, are served from the cache', async () => {
    const { calendar } = await createActiveCalendar(t, { hideSenderNames: false });
    await contribute(calendar.slug, { name: 'Grace Hopper' });

    const first = await getPage(t, calendar.slug);
    expect(first.renders).toBe(1);
    expect(first.html).toContain('Grace Hopper');
    const second = await getPage(t, calendar.slug);
    expect(second.renders).toBe(0);
    expect(second.html).toBe(first.html);
    expect(second.response.headers.get('etag')).toBe(first.response.headers.get('etag'));
    // A shared link often carries tracking parameters; the page does not depend on them.
    const before = counter.renders;
    const tracked = await request(t, `/c/${calendar.slug}?utm_source=chat&fbclid=abc`);
    expect(brotliDecompressSync(Buffer.from(await tracked.arrayBuffer())).toString('utf8')).toBe(first.html);
    expect(counter.renders).toBe(before);
  });

  it('shares one render among requests that miss at once', async () => {
    const { calendar } = await createActiveCalendar(t);
    const before = counter.renders;
    const responses = await Promise.all(Array.from({ length: 8 }, () => request(t, `/c/${calendar.slug}`)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((response) => response.headers.get('etag'))).size).toBe(1);
    expect(counter.renders - before).toBe(1);
  });

  it('shows a gift once it is confirmed, not while it is pending', async () => {
    const { calendar } = await createActiveCalendar(t, { hideSenderNames: false });
    await getPage(t, calendar.slug);
    await contribute(calendar.slug, { name: 'Generous Aunt', giftAmount: 2500 });
    // Pending until the provider's webhook: nothing public changed, the cached page stays.
    const pending = await getPage(t, calendar.slug);
    expect(pending.html).not.toContain('Generous Aunt');
    await webhooks.deliverAll();
    const confirmed = await getPage(t, calendar.slug);
    expect(confirmed.renders).toBe(1);
    expect(confirmed.html).toContain('Generous Aunt');
    expect(confirmed.response.headers.get('etag')).not.toBe(pending.response.headers.get('etag'));
  });

  it('renders again after the parents edit the calendar and after they hide a wish', async () => {
    const { calendar, cookie } = await createActiveCalendar(t, { hideSenderNames: false });
    const { contributionId } = await contribute(calendar.slug, { name: 'Rude Prankster' });
    expect((await getPage(t, calendar.slug)).html).toContain('Rude Prankster');

    const edited = await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { title: 'Little Bean' }, cookie);
    expect(edited.status).toBe(200);
    const afterEdit = await getPage(t, calendar.slug);
    expect(afterEdit.renders).toBe(1);
    expect(afterEdit.html).toMatch(/<h1 id="calendar-title"[^>]*>Little Bean<\/h1>/);

    const hidden = await sendJson(t, 'POST', `/api/wishes/${contributionId}/hide`, {}, cookie);
    expect(hidden.status).toBe(200);
    const afterHide = await getPage(t, calendar.slug);
    expect(afterHide.renders).toBe(1);
    expect(afterHide.html).not.toContain('Rude Prankster');
    expect((await getPage(t, calendar.slug)).renders).toBe(0);
  });

  it('keeps one page per language, chosen by cookie or browser', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    // An automatic title is worded in the reader's language.
    await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { title: "Anna's calendar" }, cookie);
    const english = await getPage(t, calendar.slug, { 'accept-language': 'en' });
    expect(english.html).toMatch(/<h1 id="calendar-title"[^>]*>Anna(&#x27;|')s calendar<\/h1>/);
    const german = await getPage(t, calendar.slug, { cookie: `${LOCALE_COOKIE}=de`, 'accept-language': 'en' });
    expect(german.renders).toBe(1);
    expect(german.html).toMatch(/<h1 id="calendar-title"[^>]*>Annas Kalender<\/h1>/);
    expect(german.html).toContain('<html lang="de"');
    const germanBrowser = await getPage(t, calendar.slug, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(germanBrowser.renders).toBe(0);
    expect(germanBrowser.html).toBe(german.html);
    expect((await getPage(t, calendar.slug, { 'accept-language': 'en' })).renders).toBe(0);
  });

  it('renders again on a new day (the countdown counts from the server day)', async () => {
    const { calendar } = await createActiveCalendar(t);
    const today = await getPage(t, calendar.slug);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 });
    try {
      const tomorrow = await getPage(t, calendar.slug);
      expect(tomorrow.renders).toBe(1);
      expect(tomorrow.html).not.toBe(today.html);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not cached for an unknown slug or a draft, which answer 404 as before', async () => {
    const before = counter.renders;
    for (let i = 0; i < 2; i++) expect((await request(t, '/c/NoSuchCalendar123')).status).toBe(404);
    expect(counter.renders - before).toBe(2);
  });
});

describe('the cached page on the wire', () => {
  it('is sent in brotli, gzip or plain, as the client accepts, the same HTML in each', async () => {
    const { calendar } = await createActiveCalendar(t);
    const { html } = await getPage(t, calendar.slug);
    const gzip = await request(t, `/c/${calendar.slug}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(html);
    const refusesBrotli = await request(t, `/c/${calendar.slug}`, { 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(refusesBrotli.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.app.request(`/c/${calendar.slug}`);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    const etags = [gzip, plain].map((response) => response.headers.get('etag'));
    expect(new Set(etags).size).toBe(2);
    for (const response of [gzip, plain]) {
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('answers 304 to a client that has the page, and 200 once the page changed', async () => {
    const { calendar } = await createActiveCalendar(t, { hideSenderNames: false });
    const { response } = await getPage(t, calendar.slug);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{22}-br"$/);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const notModified = await request(t, `/c/${calendar.slug}`, { 'if-none-match': ifNoneMatch });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');
      expect(notModified.headers.get('etag')).toBe(etag);
      // A 304 updates the headers the browser keeps: the page's own CSP, not the API's.
      expect(notModified.headers.get('content-security-policy')).toBe(response.headers.get('content-security-policy'));
    }
    // The gzip representation is other bytes: its tag does not match the brotli one.
    expect((await request(t, `/c/${calendar.slug}`, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(
      200,
    );

    await contribute(calendar.slug, { name: 'Ada Lovelace' });
    const changed = await request(t, `/c/${calendar.slug}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(brotliDecompressSync(Buffer.from(await changed.arrayBuffer())).toString('utf8')).toContain('Ada Lovelace');
  });

  it('answers HEAD from the cache', async () => {
    const { calendar } = await createActiveCalendar(t);
    const { response } = await getPage(t, calendar.slug);
    const before = counter.renders;
    const head = await t.app.request(`/c/${calendar.slug}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(response.headers.get('etag'));
    expect(await head.text()).toBe('');
    expect(counter.renders).toBe(before);
  });
});

describe('the cached page on two servers', () => {
  let database: TestDatabase;
  let secondDatabase: Database;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await createTestApp({ database, web: counter.web });
    // On PostgreSQL its own pool and listening connection, as a second server process has.
    secondDatabase = await database.openAnother();
    second = await createTestApp({ database: secondDatabase, web: counter.web });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
    await database?.close();
  });

  it("shows a wish posted and a privacy change made on one server on the other's cached page within a second", async () => {
    const { calendar, cookie } = await createActiveCalendar(first, { hideSenderNames: false });
    expect((await getPage(second, calendar.slug)).renders).toBe(1);
    expect((await getPage(second, calendar.slug)).renders).toBe(0);

    const posted = await postContribution(
      first,
      calendar.slug,
      await makeContribution(first, { name: 'Zelda Quartermain' }),
    );
    expect(posted.status).toBe(201);
    await expect
      .poll(async () => (await getPage(second, calendar.slug)).html, { timeout: 1000, interval: 20 })
      .toContain('Zelda Quartermain');

    const hidden = await sendJson(first, 'PATCH', `/api/calendars/${calendar.id}`, { hideSenderNames: true }, cookie);
    expect(hidden.status).toBe(200);
    await expect
      .poll(async () => (await getPage(second, calendar.slug)).html, { timeout: 1000, interval: 20 })
      .not.toContain('Zelda Quartermain');
    expect((await getPage(second, calendar.slug)).html).toContain('Z. Q.');
  });
});
