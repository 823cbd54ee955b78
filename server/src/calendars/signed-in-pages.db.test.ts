import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar, makeContribution, postContribution } from '../../test/test-contributions.ts';
import { loadWebBuild } from '../lib/web-static.ts';

// The real web build (`npm test` builds it before the unit tests).
const WEB_DIST = fileURLToPath(new URL('../../../web/build/client', import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ web: await loadWebBuild(WEB_DIST) });
});
afterAll(() => t.close());

/** The page's visible text, without scripts, styles and tags. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('/my_calendars and /create_calendar, rendered on the server (decision 036)', () => {
  it('send a signed-out visitor to /login before drawing anything, and back after', async () => {
    for (const [path, back] of [
      ['/my_calendars', '%2Fmy_calendars'],
      ['/create_calendar?draft=abc', '%2Fcreate_calendar%3Fdraft%3Dabc'],
    ] as const) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(`/login?redirect=${back}`);
    }
  });

  it("draw the owner's calendars in the first HTML, with share links on the public address", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const response = await t.app.request('/my_calendars', { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain('My calendars');
    expect(text).toContain(calendar.title ?? '');
    expect(text).toContain('Share your calendar');
    expect(text).not.toContain('Loading');
    expect(html).toContain(`http://firstday.test/c/${calendar.slug}`);
    // The owner's data: kept by no cache, like the API's answers.
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it("draw the wizard's first step with the account's names filled in, the scripts after the first paint", async () => {
    const { cookie } = await createActiveCalendar(t);
    const me = (await (await t.app.request('/api/users/me', { headers: { cookie } })).json()) as {
      first_name: string;
      last_name: string;
    };
    const response = await t.app.request('/create_calendar', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain('Create Your Calendar');
    expect(text).toContain('Who is the calendar for, and where should the gifts go?');
    expect(text).not.toContain('Loading');
    expect(html).toContain(`value="${me.first_name}"`);
    expect(html).toContain(`value="${me.last_name}"`);
    // hydrate-after-paint.ts: no bootstrap module and no preloads in the first HTML; the starter
    // carries the response's nonce, which the CSP names.
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).not.toContain('<link rel="modulepreload"');
    const nonce = /<script nonce="([^"]+)">\(function captureEarlyTaps/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
  });
});

describe('/wishes, rendered on the server', () => {
  it("draws the owner's wishes in the first HTML, not a loading screen, and sends a signed-out visitor to /login", async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const name = `Ada Byron ${Date.now()}`;
    const sent = await postContribution(t, calendar.slug, await makeContribution(t, { name }));
    expect(sent.status).toBe(201);
    const response = await t.app.request('/wishes', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = textOf(await response.text());
    expect(text).toContain('Guesses, wishes and gifts from the people you shared your calendar with.');
    // A new wish's card, closed: its text shows when opened (which marks it read).
    expect(text).toContain(`From ${name}`);
    expect(text).not.toContain('Loading');
    const signedOut = await t.app.request('/wishes');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/login?redirect=%2Fwishes');
  });
});

describe('/settings, rendered on the server', () => {
  it("draws the account's settings with its saved values in the first HTML, not a loading screen", async () => {
    const { cookie } = await createActiveCalendar(t);
    const me = (await (await t.app.request('/api/users/me', { headers: { cookie } })).json()) as {
      name: string;
      email: string;
    };
    const saved = await t.app.request('/api/account/settings', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: me.name,
        email: me.email,
        savingsGoalAmount: null,
        hideSenderNamesDefault: false,
        hideTotalDefault: true,
      }),
    });
    expect(saved.status).toBe(200);
    const response = await t.app.request('/settings', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(textOf(html)).toContain('Account Settings');
    expect(textOf(html)).not.toContain('Loading');
    // react-hook-form fills its fields only once the scripts run: the HTML carries the saved values.
    expect(html).toContain(`value="${me.name}"`);
    expect(html).toContain(`value="${me.email}"`);
    expect(html).toMatch(/<input[^>]*name="hideTotalDefault" checked=""/);
    expect(html).toMatch(/<input[^>]*name="hideSenderNamesDefault"\/>/);
    expect((await t.app.request('/settings')).headers.get('location')).toBe('/login?redirect=%2Fsettings');
  });
});

describe('Calendar Info, rendered on the server (decision 040)', () => {
  it('draws the calendar with its form filled in, its payout checklist and its share link in the first HTML', async () => {
    const { calendar, cookie } = await createActiveCalendar(t, { hideTotal: true });
    for (const path of [`/my_calendars/${calendar.id}`, '/my_calendars/calendar_info']) {
      const response = await t.app.request(path, { headers: { cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await response.text();
      const text = textOf(html);
      expect(text, path).toContain('Calendar Info');
      expect(text, path).not.toContain('Loading');
      // The checklist above the form comes with it (decision 039).
      expect(text, path).toContain('Receiving your gifts');
      expect(html, path).toMatch(new RegExp(`<input[^>]*name="title"[^>]*value="${calendar.title}"`));
      // react-hook-form sets its fields only once the scripts run: the HTML carries the saved values.
      expect(html.match(/<input[^>]*name="hideTotal"[^>]*>/)?.[0], path).toContain('checked=""');
      expect(html.match(/<input[^>]*name="hideSenderNames"[^>]*>/)?.[0], path).not.toContain('checked');
      expect(html, path).toContain(`http://firstday.test/c/${calendar.slug}`);
      const signedOut = await t.app.request(path);
      expect(signedOut.headers.get('location'), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('says so of a calendar that is not there', async () => {
    const { cookie } = await createActiveCalendar(t);
    const response = await t.app.request('/my_calendars/00000000-0000-4000-8000-000000000000', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain('We couldn’t find this calendar');
  });
});

describe('the signed-in pages rendered in the browser, inside the shell', () => {
  it('draw the shell with a placeholder where the page goes, and send a signed-out visitor to /login', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    for (const path of [`/my_calendars/${calendar.id}/thank_yous`, '/investments']) {
      const response = await t.app.request(path, { headers: { cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await response.text();
      // The shell (its skip link and menu), then the page's placeholder.
      expect(textOf(html), path).toContain('Skip to content');
      expect(textOf(html), path).toContain('My calendars');
      expect(html, path).toMatch(/<span class="visually-hidden" role="status">Loading…<\/span>/);

      const signedOut = await t.app.request(path);
      expect(signedOut.status, path).toBe(302);
      expect(signedOut.headers.get('location'), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });
});

describe('a page form sent without scripts', () => {
  it('shows the page again (303) instead of an error, and leaves unknown addresses and the API alone', async () => {
    for (const path of ['/login?redirect=%2Fmy_calendars', '/signup', '/join_us']) {
      const response = await t.app.request(path, { method: 'POST', body: new URLSearchParams({ email: 'a@b.c' }) });
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location'), path).toBe(path);
    }
    expect((await t.app.request('/no-such-page', { method: 'POST' })).status).toBe(404);
    expect((await t.app.request('/api/no-such-endpoint', { method: 'POST' })).status).toBe(404);
  });
});

describe('the login page', () => {
  it("draws the notice its address names in the first HTML, so nothing moves once it runs, and ignores one it doesn't know", async () => {
    const reset = textOf(await (await t.app.request('/login?notice=password-reset')).text());
    expect(reset).toContain('Password reset successful!');
    const deleted = textOf(await (await t.app.request('/login?notice=account-deleted')).text());
    expect(deleted).toContain('Your account is deleted. Thank you for having been with us.');
    const unknown = textOf(await (await t.app.request('/login?notice=toString')).text());
    expect(unknown).toContain('Continue with Email');
    expect(unknown).not.toContain('Password reset successful!');
  });
});
