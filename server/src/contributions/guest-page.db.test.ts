import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatLongDate } from '@firstday/common/format';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar, makeContribution, postContribution } from '../../test/test-contributions.ts';
import { sendJson, TEST_ORIGIN } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { loadWebBuild, type WebBuild } from '../lib/web-static.ts';

// The real web build (`npm test` builds it before the unit tests).
const WEB_DIST = fileURLToPath(new URL('../../../web/build/client', import.meta.url));
const NO_LIMIT = { limit: 100_000, windowMs: 60_000 };

let t: Awaited<ReturnType<typeof createTestApp>>;
let web: WebBuild;

beforeAll(async () => {
  web = await loadWebBuild(WEB_DIST);
  t = await createTestApp({ web, rateLimits: { contributionsPerIp: NO_LIMIT, contributionsPerCalendar: NO_LIMIT } });
});
afterAll(() => t.close());

async function getPage(path: string) {
  const response = await t.app.request(path);
  return { response, html: await response.text() };
}

describe('the guest page /c/<slug>, rendered on the server', () => {
  it('has the title, due date, background, grid days and guesses in its first HTML', async () => {
    const { calendar } = await createActiveCalendar(t, { hideSenderNames: false });
    await postContribution(t, calendar.slug, await makeContribution(t, { name: 'Grace Hopper' }));

    const { response, html } = await getPage(`/c/${calendar.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toMatch(/<h1 id="calendar-title"[^>]*>Baby Rose<\/h1>/);
    expect(html).toContain('January 15, 2030');
    expect(html).toContain(`data-background="${calendar.background}"`);
    // The first and last day of the guess window are buttons in the grid.
    expect(html).toContain('data-date="2029-12-18"');
    expect(html).toContain('data-date="2030-01-29"');
    expect(html).toContain('Grace Hopper');
    // The share preview for messengers, which run no JavaScript.
    expect(html).toContain('<meta property="og:title" content="Baby Rose"/>');
    expect(html).toContain(
      `<meta property="og:image" content="http://firstday.test/api/public/calendars/${calendar.slug}/og.png"/>`,
    );
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // Before the birth the page invites guesses.
    expect(html).toContain('Guess the day the baby arrives! Pick your day on “Baby Rose”');
    expect(html).toContain('<meta property="og:description" content="Guess the day Anna');
  });

  it("greets with the parents' photo (srcset, sizes, its size), their note and a countdown", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const form = new FormData();
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#4080c0' } })
      .jpeg()
      .toBuffer();
    form.set('file', new File([new Uint8Array(photo)], 'bump.jpg', { type: 'image/jpeg' }));
    const uploaded = await t.app.request('/api/images', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie },
      body: form,
    });
    const { id } = (await uploaded.json()) as { id: string };
    const note = 'Thank you for being part of this! <3';
    await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId: id, parentsNote: note }, cookie);

    const { html } = await getPage(`/c/${calendar.slug}`);
    expect(html).toContain(
      `srcSet="/images/${id}/320.webp 320w, /images/${id}/640.webp 640w, /images/${id}/1280.webp 1280w"`,
    );
    expect(html).toMatch(new RegExp(`<img[^>]+src="/images/${id}/640\\.jpg"[^>]+width="900" height="1200"`));
    expect(html).toContain('alt="A photo from Anna"');
    expect(html).toContain('Thank you for being part of this! &lt;3');
    const days = Math.round(
      (Date.parse('2030-01-15') - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000,
    );
    // The count is an ICU plural, so it is written as a number of the page's language: '1,148'.
    expect(html).toContain(`${days.toLocaleString('en-US')} days to go`);
    expect(html).toContain(`og.png?photo=${id.slice(0, 8)}`);
  });

  it('runs only the scripts its CSP names by hash (cached pages carry no nonce, decision 033)', async () => {
    const { calendar } = await createActiveCalendar(t);
    const { response, html } = await getPage(`/c/${calendar.slug}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('nonce-');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('strict-dynamic');
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    // Data blocks (the page's catalogues, decision 020) never run.
    const executed = scripts.filter((match) => !match[1]?.includes('type="application/json"'));
    expect(executed.length).toBeGreaterThan(0);
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    for (const [, attributes, body] of executed) {
      expect(attributes).toBe('');
      expect(csp).toContain(hash(body ?? ''));
    }
    // The module the starter inserts after the first paint is allowed by its hash too.
    const bootstrap = web.getDeferredScripts(html);
    expect(bootstrap).toHaveLength(1);
    expect(bootstrap[0]).toContain('entry.client');
    expect(csp).toContain(hash(bootstrap[0] ?? ''));
    // Nothing else may run inline: 'self', the page's scripts and the bootstrap, nothing more.
    const scriptSrc = csp.match(/script-src ([^;]*)/)?.[1]?.split(' ') ?? [];
    expect(
      scriptSrc.filter((source) => source !== "'self'" && !executed.some(([, , body]) => hash(body ?? '') === source)),
    ).toEqual([hash(bootstrap[0] ?? '')]);
  });

  it('keeps a fresh nonce per response where the page is not cached (a not-found slug)', async () => {
    const first = await getPage('/c/NoSuchCalendar123');
    const second = await getPage('/c/NoSuchCalendar123');
    const csp = first.response.headers.get('content-security-policy') ?? '';
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.response.headers.get('content-security-policy')).not.toContain(nonce);
    const executed = [...first.html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
      .map((match) => match[1])
      .filter((attributes) => !attributes?.includes('type="application/json"'));
    expect(executed.length).toBeGreaterThan(0);
    for (const attributes of executed) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('starts its scripts after the first paint: no preloads or module in the first HTML, a starter that holds them', async () => {
    const { calendar } = await createActiveCalendar(t);
    const { html } = await getPage(`/c/${calendar.slug}`);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain("getEntriesByName('first-contentful-paint')".replaceAll("'", '"'));
    expect(html).toMatch(/\["\/assets\/manifest-[^"]+\.js"/);
    expect(html).toContain('entry.client');
  });

  it("words an automatic title in the guest's language: page, link preview and API, each cached apart", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    // The form sending back the automatic name leaves the calendar without a name of its own.
    await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { title: "Anna's calendar" }, cookie);
    const read = (path: string, language: string) => t.app.request(path, { headers: { 'accept-language': language } });

    const german = await (await read(`/c/${calendar.slug}`, 'de-DE,de;q=0.9')).text();
    expect(german).toMatch(/<h1 id="calendar-title"[^>]*>Annas Kalender<\/h1>/);
    expect(german).toContain('<meta property="og:title" content="Annas Kalender"/>');
    const english = await (await read(`/c/${calendar.slug}`, 'en')).text();
    expect(english).toMatch(/<h1 id="calendar-title"[^>]*>Anna(&#x27;|')s calendar<\/h1>/);
    const russian = (await (await read(`/api/public/calendars/${calendar.slug}`, 'ru')).json()) as { title: string };
    expect(russian.title).toBe('Anna ждёт малыша');
  });

  it('keeps hidden sender names hidden in the HTML', async () => {
    const { calendar } = await createActiveCalendar(t, { hideSenderNames: true });
    const contribution = await makeContribution(t, { name: 'Zelda Quartermain', email: 'zelda.q@example.org' });
    await postContribution(t, calendar.slug, contribution);
    const { response, html } = await getPage(`/c/${calendar.slug}`);
    expect(response.status).toBe(200);
    expect(html).toContain('Z. Q.');
    for (const secret of ['Zelda', 'Quartermain', 'zelda.q@example.org']) expect(html, secret).not.toContain(secret);
  });

  it('answers 404 with the not-found page for an unknown slug and for a draft', async () => {
    const unknown = await getPage('/c/NoSuchCalendar123');
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain('<meta name="robots" content="noindex"/>');
    expect(unknown.html).toContain('Go to Homepage');

    const { calendar } = await createActiveCalendar(t);
    await t.db.update(calendars).set({ status: 'draft' }).where(eq(calendars.id, calendar.id));
    t.context.publicCalendars.invalidate(calendar.id);
    const draft = await getPage(`/c/${calendar.slug}`);
    expect(draft.response.status).toBe(404);
    expect(draft.html).not.toContain('Baby Rose');
  });

  it('is compressed for browsers that accept it (brotli first; guest-page-cache.db.test.ts has the rest)', async () => {
    const { calendar } = await createActiveCalendar(t);
    const response = await t.app.request(`/c/${calendar.slug}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8')).toContain('Baby Rose');
    const gzip = await t.app.request(`/c/${calendar.slug}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toContain('Baby Rose');
  });
});

describe('the guest page after the announcement', () => {
  const today = new Date().toISOString().slice(0, 10);

  async function announce(calendarId: string, cookie: string, extra: Record<string, unknown> = {}) {
    const response = await sendJson(
      t,
      'POST',
      `/api/calendars/${calendarId}/announce`,
      { birthDate: today, thankYouMessage: 'Thank you for every wish!', ...extra },
      cookie,
    );
    expect(response.status).toBe(200);
  }

  it('leads with the birth news, shares the news and previews the baby, not the due date', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { parentsNote: 'We cannot wait to meet you' }, cookie);
    await announce(calendar.id, cookie, { babyName: 'Mia' });

    const { response, html } = await getPage(`/c/${calendar.slug}`);
    expect(response.status).toBe(200);
    // The news is the page's h1, before the guesses, the wishes and the share box.
    expect(html).toMatch(/<h1 id="announcement-title"[^>]*>The baby has arrived!<\/h1>/);
    expect(html).not.toContain('id="calendar-title"');
    const news = html.indexOf('id="announcement-title"');
    expect(news).toBeLessThan(html.indexOf('Welcome, Mia!'));
    expect(html.indexOf('Welcome, Mia!')).toBeLessThan(html.indexOf('Thank you for every wish!'));
    expect(html.indexOf('Thank you for every wish!')).toBeLessThan(html.indexOf('id="pick-title"'));
    expect(html.indexOf('id="pick-title"')).toBeLessThan(html.indexOf('id="share-title"'));
    // The parents-to-be's note is gone; the due date stays below, beside everyone's guesses.
    // (Only the page's data, which the browser reads, still carries it.)
    expect(html).not.toContain('>We cannot wait to meet you<');
    expect(html.indexOf('January 15, 2030')).toBeGreaterThan(html.indexOf('id="pick-title"'));
    // Nobody can pick a day any more.
    expect(html).toContain('>No wishes were left on this calendar.<');

    // The invitation box holds the news (the page's catalogue, in its data block, has every text).
    expect(html.match(/<textarea[^>]*>([^<]*)<\/textarea>/)?.[1]).toBe(
      'Baby Mia is here! See the news, the closest guesses and every wish on “Baby Rose”.',
    );
    const born = formatLongDate(today);
    expect(html).toContain('<title>Mia has arrived! – Baby Rose – Firstday</title>');
    expect(html).toContain('<meta property="og:title" content="Mia has arrived!"/>');
    expect(html).toContain(
      `<meta property="og:description" content="Born on ${born}. See the news, the closest guesses and every wish."/>`,
    );
    expect(html).toContain(
      `<meta property="og:image" content="http://firstday.test/api/public/calendars/${calendar.slug}/og.png?born=1"/>`,
    );

    const svg = await (await t.app.request(`/api/public/calendars/${calendar.slug}/og.svg`)).text();
    expect(svg).toContain('Mia has arrived!');
    expect(svg).toContain(`Born ${born}`);
    expect(svg).toContain('Baby Rose');
    expect(svg).not.toContain('Due January 15, 2030');
    expect(svg).not.toContain('Guess the birthday');
    // In the language of the page that links it.
    const german = await (await t.app.request(`/api/public/calendars/${calendar.slug}/og.svg?lang=de`)).text();
    expect(german).toContain('Mia ist da!');
    expect(german).toContain(`Geboren am ${formatLongDate(today, 'de')}`);
  });

  it('has a preview image in German and Russian before the birth too', async () => {
    const { calendar } = await createActiveCalendar(t);
    const russian = await (await t.app.request(`/api/public/calendars/${calendar.slug}/og.svg?lang=ru`)).text();
    expect(russian).toContain('Срок: 15 января 2030');
    expect(russian).toContain('Угадайте день рождения и оставьте пожелание');
    const unknown = await (await t.app.request(`/api/public/calendars/${calendar.slug}/og.svg?lang=xx`)).text();
    expect(unknown).toContain('Due January 15, 2030');
  });

  it("shows the baby's photo instead of the bump photo, in the page and its preview", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    async function upload(colour: string) {
      const form = new FormData();
      const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      form.set('file', new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' }));
      const uploaded = await t.app.request('/api/images', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie },
        body: form,
      });
      return ((await uploaded.json()) as { id: string }).id;
    }
    const bump = await upload('#4080c0');
    await sendJson(t, 'PATCH', `/api/calendars/${calendar.id}`, { coverImageId: bump }, cookie);
    const baby = await upload('#f0a0b0');
    await announce(calendar.id, cookie, { babyImageId: baby });

    const { html } = await getPage(`/c/${calendar.slug}`);
    expect(html).toContain(`/images/${baby}/640.jpg`);
    expect(html).not.toContain(`/images/${bump}/`);
    expect(html).toContain('<meta property="og:title" content="The baby has arrived!"/>');
    expect(html).toContain('The baby is here! See the news');
    expect(html).toContain(`og.png?born=${baby.slice(0, 8)}"`);
    const svg = await (await t.app.request(`/api/public/calendars/${calendar.slug}/og.svg`)).text();
    // Wrapped beside the photo.
    expect(svg).toContain('>The baby has</tspan><tspan x="90" y="328">arrived!</tspan>');
    expect(svg).toContain('data:image/jpeg;base64,');
  });

  it('invites welcome gifts, not guesses, while the parents keep the page open for them', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    await announce(calendar.id, cookie, { babyName: 'Mia', welcomeGifts: true });

    const { html } = await getPage(`/c/${calendar.slug}`);
    const page = JSON.parse(await (await t.app.request(`/api/public/calendars/${calendar.slug}`)).text()) as {
      welcomeGifts: { until: string } | null;
    };
    expect(page.welcomeGifts).not.toBeNull();
    expect(html).toContain('>No wishes yet. Be the first to send a welcome gift with a wish!<');
    const until = formatLongDate(page.welcomeGifts!.until.slice(0, 10));
    expect(html).toContain(
      `Baby Mia is here! See the news on “Baby Rose” and send a welcome gift with your wish until ${until}.`,
    );
    expect(html).toContain(
      `<meta property="og:description" content="Born on ${formatLongDate(today)}. See the news, and send Anna a welcome gift with a wish until ${until}."/>`,
    );
  });
});

describe('client-rendered routes', () => {
  it('send a styled loading screen instead of an empty body', async () => {
    // (/login and /signup are rendered on the server with their form: decision 035; the signed-in
    // pages with the session read there: decision 036, signed-in-pages.db.test.ts.)
    for (const path of ['/confirm_email', '/resetpassword']) {
      const { response, html } = await getPage(path);
      expect(response.status, path).toBe(200);
      const body = html.slice(html.indexOf('<body'));
      expect(body, path).toContain('role="status"');
      expect(body, path).toContain('Loading…');
    }
  });

  it('leave unknown paths to the prerendered not-found page', async () => {
    const { response, html } = await getPage('/no/such/page');
    expect(response.status).toBe(404);
    expect(html).toContain('Go to Homepage');
  });
});
