import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createActiveCalendar, createDraftCalendarAsSignedIn } from '../support/calendars.ts';

/**
 * No broken image or link on any page: every public page in every language and the signed-in
 * pages are opened in the browser, and every image (src, srcset, poster, CSS url()), stylesheet,
 * script, icon and same-origin link they name must answer 200, and a link to a part of a page
 * (`/#Blog`) must find that part. Each distinct address is requested once per run; all failures are
 * collected and named in one assertion.
 */

// The two tests run one after the other in one worker and share the cache of checked addresses.
test.describe.configure({ mode: 'default' });

const PHOTO_PATH = new URL('../fixtures/cover-photo.jpg', import.meta.url);

const LOCALE_PREFIXES = ['', '/de', '/ru'];
const LOCALIZED_PAGES = ['/', '/green', '/join_us', '/faq', '/terms', '/privacy', '/articles'];
const PUBLIC_SEEDS = [
  ...LOCALE_PREFIXES.flatMap((prefix) =>
    LOCALIZED_PAGES.map((path) => (prefix && path === '/' ? `${prefix}/` : `${prefix}${path}`)),
  ),
  '/login',
  '/signup',
];
/** Pages a signed-out crawl does not open (they send the visitor to log in) or must not open (API, dev tools). */
const NOT_CRAWLED =
  /^\/(api|dev|assets|images|my_calendars|create_calendar|sandbox_onboarding|settings|wishes|investments)(\/|$)|^\/c\/[^/]+\/edit\//;
const MAX_PUBLIC_PAGES = 80;

type Kind = 'image' | 'stylesheet' | 'script' | 'font' | 'icon' | 'link';
type Reference = { kind: Kind; url: string };

/** address → its status (or the network error), requested once per run. */
const checked = new Map<string, Promise<string>>();

function checkOnce(request: APIRequestContext, url: string): Promise<string> {
  let result = checked.get(url);
  if (!result) {
    result = request
      .get(url, { failOnStatusCode: false })
      .then((response) => String(response.status()))
      .catch((error: Error) => error.message.split('\n')[0] ?? 'request failed');
    checked.set(url, result);
  }
  return result;
}

/** Everything the rendered page points at, as absolute addresses (fragments dropped). */
function collectReferences(
  page: Page,
): Promise<{ references: Reference[]; fragments: Array<{ path: string; id: string }>; ids: string[] }> {
  return page.evaluate(() => {
    const found: Array<{ kind: 'image' | 'stylesheet' | 'script' | 'font' | 'icon' | 'link'; url: string }> = [];
    const fragments: Array<{ path: string; id: string }> = [];
    const add = (kind: (typeof found)[number]['kind'], value: string | null | undefined, base = document.baseURI) => {
      if (!value || value.startsWith('data:') || value.startsWith('blob:')) return;
      let url: URL;
      try {
        url = new URL(value, base);
      } catch {
        found.push({ kind, url: `unparsable: ${value}` });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      if (kind === 'link' && url.origin !== location.origin) return;
      if (kind === 'link' && url.hash.length > 1) {
        fragments.push({ path: url.pathname, id: decodeURIComponent(url.hash.slice(1)) });
      }
      url.hash = '';
      found.push({ kind, url: url.href });
    };
    const addSrcset = (srcset: string | null) => {
      for (const candidate of (srcset ?? '').split(',')) add('image', candidate.trim().split(/\s+/)[0]);
    };
    const addCssUrls = (text: string, base: string) => {
      for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) add('image', match[2], base);
    };

    for (const img of document.querySelectorAll('img')) {
      add('image', img.getAttribute('src'));
      addSrcset(img.getAttribute('srcset'));
    }
    for (const source of document.querySelectorAll('source[srcset]')) addSrcset(source.getAttribute('srcset'));
    for (const video of document.querySelectorAll('video[poster]')) add('image', video.getAttribute('poster'));
    for (const image of document.querySelectorAll('image')) add('image', image.getAttribute('href'));
    // Share tags and canonical links are absolute, made for the address the site was built for
    // (VITE_PUBLIC_URL, the server's APP_URL): their path is checked on this server.
    const onThisSite = (value: string | null) => {
      if (!value || !URL.canParse(value)) return value;
      const url = new URL(value);
      return `${url.pathname}${url.search}`;
    };
    for (const meta of document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]')) {
      add('image', onThisSite(meta.getAttribute('content')));
    }
    for (const meta of document.querySelectorAll('meta[property="og:url"]')) {
      add('link', onThisSite(meta.getAttribute('content')));
    }
    for (const link of document.querySelectorAll('link[href]')) {
      const rel = link.getAttribute('rel') ?? '';
      const href = link.getAttribute('href');
      if (/\bstylesheet\b/.test(rel)) add('stylesheet', href);
      else if (/\bpreload\b/.test(rel)) {
        const as = link.getAttribute('as');
        add(as === 'image' ? 'image' : as === 'style' ? 'stylesheet' : as === 'font' ? 'font' : 'script', href);
      } else if (/\bmodulepreload\b/.test(rel)) add('script', href);
      else if (/\bicon\b|\bmanifest\b|apple-touch-icon/.test(rel)) add('icon', href);
      else if (/\bcanonical\b|\balternate\b/.test(rel)) add('link', onThisSite(href));
    }
    for (const script of document.querySelectorAll('script[src]')) add('script', script.getAttribute('src'));
    for (const anchor of document.querySelectorAll('a[href]')) add('link', anchor.getAttribute('href'));

    // CSS background images: every url() of every rule (all media queries), and inline styles.
    const walk = (rules: CSSRuleList, base: string) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule || rule instanceof CSSFontFaceRule) addCssUrls(rule.style.cssText, base);
        if ('cssRules' in rule && rule.cssRules) walk(rule.cssRules as CSSRuleList, base);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        walk(sheet.cssRules, sheet.href ?? document.baseURI);
      } catch {
        // A cross-origin sheet's rules cannot be read; the sheet itself is checked as a stylesheet.
      }
    }
    for (const element of document.querySelectorAll('[style*="url("]')) {
      addCssUrls(element.getAttribute('style') ?? '', document.baseURI);
    }
    const ids = [...document.querySelectorAll('[id], a[name]')].map(
      (element) => element.id || element.getAttribute('name') || '',
    );
    return { references: found, fragments, ids };
  });
}

/** A crawl's findings: what each address was named as and on which pages. */
class Crawl {
  private readonly references = new Map<string, { kinds: Set<Kind>; pages: Set<string> }>();

  /** The ids of each page visited, and the `#fragment` links to check against them. */
  private readonly pageIds = new Map<string, Set<string>>();
  private readonly fragments: Array<{ path: string; id: string; on: string }> = [];
  /** Pages of the crawl that did not open with 200 themselves. */
  private readonly pageFailures: string[] = [];
  private readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  private record(kind: Kind, url: string, page: string) {
    const entry = this.references.get(url) ?? { kinds: new Set<Kind>(), pages: new Set<string>() };
    entry.kinds.add(kind);
    entry.pages.add(page);
    this.references.set(url, entry);
  }

  /** Also what the browser loads on its own (fonts from CSS, images a script adds). */
  watch(page: Page) {
    const kinds: Record<string, Kind> = {
      image: 'image',
      media: 'image',
      stylesheet: 'stylesheet',
      script: 'script',
      font: 'font',
    };
    page.on('request', (request) => {
      const kind = kinds[request.resourceType()];
      const url = new URL(request.url());
      if (!kind || !url.protocol.startsWith('http')) return;
      url.hash = '';
      this.record(kind, url.href, pathOf(page.url()));
    });
  }

  /** Opens `path`, waits until it has rendered and settled, and records what it points at. */
  async visit(page: Page, path: string, ready?: (page: Page) => Promise<void>): Promise<Reference[]> {
    const status = (await page.goto(path))?.status();
    if (status !== 200) {
      this.pageFailures.push(`${status} page ${path}`);
      return [];
    }
    if (ready) await ready(page);
    await page.waitForLoadState('networkidle');
    const { references, fragments, ids } = await collectReferences(page);
    for (const { kind, url } of references) this.record(kind, url, path);
    this.pageIds.set(toPageKey(new URL(page.url()).pathname), new Set(ids));
    for (const fragment of fragments) this.fragments.push({ ...fragment, on: path });
    return references;
  }

  /** Every reference that does not answer 200, with where it was found. */
  async failures(): Promise<string[]> {
    const urls = [...this.references.keys()];
    const statuses: string[] = [];
    // A few at a time: the server is the product under test on two cores.
    for (let i = 0; i < urls.length; i += 8) {
      statuses.push(...(await Promise.all(urls.slice(i, i + 8).map((url) => checkOnce(this.request, url)))));
    }
    const broken = urls.flatMap((url, i) => {
      if (statuses[i] === '200') return [];
      const { kinds, pages } = this.references.get(url)!;
      const on = [...pages].slice(0, 4).join(', ') + (pages.size > 4 ? ` and ${pages.size - 4} more` : '');
      return [`${statuses[i]} ${[...kinds].join('/')} ${pathOf(url)} (on ${on})`];
    });
    // A link to a part of a page the crawl opened: that part must be there.
    const missingParts = new Set(
      this.fragments.flatMap(({ path, id, on }) => {
        const ids = this.pageIds.get(toPageKey(path));
        return !ids || ids.has(id) ? [] : [`no #${id} on ${path} (linked from ${on})`];
      }),
    );
    return [...this.pageFailures, ...broken, ...missingParts].sort();
  }
}

/** '/faq/' is '/faq'. */
function toPageKey(path: string): string {
  return path.replace(/(.)\/+$/, '$1');
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.origin === new URL(test.info().project.use.baseURL ?? '').origin
    ? `${parsed.pathname}${parsed.search}`
    : url;
}

async function showHeading(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** The calendar's cover photo, so the photo route's own images are on the pages too. */
async function addCoverPhoto(page: Page, calendarId: string) {
  const origin = new URL(page.url()).origin;
  const uploaded = await page.request.post('/api/images', {
    headers: { Origin: origin },
    multipart: { file: { name: 'cover-photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO_PATH) } },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  const patched = await page.request.patch(`/api/calendars/${calendarId}`, {
    headers: { Origin: origin },
    data: { coverImageId: id },
  });
  expect(patched.ok()).toBe(true);
}

test('every public page in every language: images, styles, scripts and internal links answer 200', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // A guest page to crawl too, made by a parent in another browser context.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const calendar = await createActiveCalendar(ownerPage);
  await addCoverPhoto(ownerPage, calendar.id);
  await owner.close();

  const crawl = new Crawl(page.request);
  crawl.watch(page);
  const queue = [...PUBLIC_SEEDS, `/c/${calendar.slug}`];
  const seen = new Set(queue.map(toPageKey));
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const references = await crawl.visit(page, path, path.startsWith('/c/') ? showHeading : undefined);
    // Follow links to other public pages (articles, the guest page's own links).
    for (const { kind, url } of references) {
      if (kind !== 'link') continue;
      const target = new URL(url);
      if (target.origin !== origin || target.search || NOT_CRAWLED.test(target.pathname)) continue;
      const key = toPageKey(target.pathname);
      if (seen.has(key) || seen.size >= MAX_PUBLIC_PAGES) continue;
      if ((await checkOnce(page.request, url)) !== '200') continue; // reported as a broken link
      seen.add(key);
      queue.push(target.pathname);
    }
  }
  expect(seen.size, 'pages crawled').toBeGreaterThan(PUBLIC_SEEDS.length);
  expect(await crawl.failures()).toEqual([]);
});

test('the signed-in pages: images, styles, scripts and internal links answer 200', async ({ page }) => {
  test.setTimeout(180_000);
  const calendar = await createActiveCalendar(page);
  await addCoverPhoto(page, calendar.id);
  const draft = await createDraftCalendarAsSignedIn(page);

  const crawl = new Crawl(page.request);
  crawl.watch(page);
  for (const path of [
    '/my_calendars',
    `/my_calendars/${calendar.id}`,
    '/settings',
    '/wishes',
    '/investments',
    '/create_calendar',
    `/create_calendar?draft=${draft.id}`,
  ]) {
    await crawl.visit(page, path, showHeading);
  }
  expect(await crawl.failures()).toEqual([]);
});
