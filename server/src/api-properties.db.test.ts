import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiErrorBodySchema } from '@firstday/common/api-error';
import { toIsoDate } from '@firstday/common/calendars';
import { findForbiddenCharacter } from '@firstday/common/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/test-app.ts';
import {
  createActiveCalendar,
  findEditLink,
  GOOD_CARD,
  makeContribution,
  postContribution,
} from '../test/test-contributions.ts';
import { useManualSandboxWebhooks } from '../test/test-payments.ts';
import { readSessionCookie, sendJson, TEST_ORIGIN } from '../test/test-users.ts';
import type { RateLimitOverrides } from './app-context.ts';
import { OPEN_AUTH_ROUTES } from './auth/auth-routes.ts';
import { DEFAULT_RATE_LIMITS } from './create-app-context.ts';
import { createUnsubscribeUrl } from './lib/mail/suppression.ts';

/**
 * Property: whatever a client sends to any JSON route — arbitrary unicode in every field, path
 * segment and query value, odd JSON, huge numbers — the API never answers 5xx, and every 4xx (and
 * 5xx) under /api has the documented `{ error: { code, message, fields? } }` shape.
 *
 * The routes come from the app itself (`app.routes`), better-auth's from OPEN_AUTH_ROUTES, so a new
 * route is covered without editing this file. Bodies start from valid values for every field name
 * any schema in common/ uses (zod strips the unknown ones), so validation passes often enough for
 * the services and the database to see the odd values too. Rate limits are lifted and each request
 * comes from its own address; the captcha accepts one test value. A failure prints the route, the
 * answer, fast-check's seed and path and the shrunk request: pass `{ seed, path }` to `fc.assert`
 * to replay it.
 */

const NO_LIMIT = { limit: 1_000_000, windowMs: 60_000 };
/** About 10 s per database in all; `FUZZ_RUNS=400 npx vitest run server/src/api-properties.db.test.ts` searches deeper. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
/** createVerifiedUser's default; no example value is it, so no run deletes the account or changes it. */
const OWNER_PASSWORD = 'correct horse battery';
/** The stub captcha accepts this value; any other goes through the real verifier. */
const GOOD_CAPTCHA = 'valid-captcha-for-the-property-test';

let owner: Awaited<ReturnType<typeof createActiveCalendar>>;
let cookie = '';
const fixtures = {
  /** Newest first: each route's runs get a fresh active calendar. */
  calendarIds: [] as string[],
  /** A draft with every step done but the payment, for /pay. */
  draftIds: [] as string[],
  slugs: [] as string[],
  contributionIds: [] as string[],
  tokens: [] as string[],
};

// ---------- what to send ----------

/** Percent-encodes any string, lone surrogates included (as the bytes WTF-8 would give them). */
function encodeAny(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

function removeForbidden(value: string): string {
  let result = value;
  for (let found = findForbiddenCharacter(result); found; found = findForbiddenCharacter(result)) {
    result = result.slice(0, found.index) + result.slice(found.index + (found.codePoint.length > 6 ? 2 : 1));
  }
  return result;
}

/** `value` with `odd` put in at `at` (modulo its length): a valid value made odd in one place. */
function insertAt(value: string, odd: string, at: number): string {
  const index = at % (value.length + 1);
  return value.slice(0, index) + odd + value.slice(index);
}

/**
 * Puts `odd` into some of the strings of a JSON value (nested ones too): `choices` says which (one
 * entry per string, in order; 0 means this one), so a route's format fields (ids, dates, e-mail)
 * stay valid often enough for its free-text fields to carry the odd characters into the services.
 */
function saltStrings(value: unknown, odd: string, at: number, choices: number[]): unknown {
  let leaf = 0;
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') return choices[leaf++ % choices.length] === 0 ? insertAt(node, odd, at) : node;
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    }
    return node;
  };
  return visit(value);
}

const ODD_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\uffff',
  '\u{10ffff}',
  'é',
  '😀',
  '%',
  '\\',
  '"',
  "'",
  ' ',
  '\n',
  '/',
  '.',
  '-',
  '0',
  '9',
  '@',
  '|',
];

/** Strings that pass the text check, so the schemas, the services and the database see them. */
const cleanText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map(removeForbidden),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS), maxLength: 20 }).map(removeForbidden),
  fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 6000 }),
);

/** One to three odd characters, mostly ones the text check refuses. */
const oddCharacters = fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS), minLength: 1, maxLength: 3 });

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS), maxLength: 20 }),
  cleanText,
);

/** A header value as a client can send it (bytes 0x20–0xFF, read as Latin-1). */
const anyHeaderValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

const anyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyText },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const cleanValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: cleanText },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const inFuture = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

/** Valid values by field name: every route's schema passes when the fields it reads have these. */
function createExamples(): Record<string, fc.Arbitrary<unknown>> {
  const pick = (values: () => string[]) => fc.integer({ min: 0, max: 1000 }).map((i) => values()[i % values().length]);
  const card = fc.record({
    number: fc.constantFrom(GOOD_CARD.number, '4000000000000002'),
    holderName: fc.constant(GOOD_CARD.holderName),
    expiry: fc.constant(GOOD_CARD.expiry),
    cvc: fc.constant(GOOD_CARD.cvc),
  });
  const payment = fc.oneof(
    card.map((value) => ({ type: 'card', card: value })),
    fc.constantFrom({ type: 'wallet', wallet: 'apple_pay' }, { type: 'stripe' }),
    // Known shape, odd leaves.
    fc.record(
      {
        type: fc.oneof(fc.constantFrom('card', 'wallet'), anyText),
        card: fc.dictionary(fc.constantFrom('number', 'holderName', 'expiry', 'cvc'), fc.oneof(cleanValue, anyValue)),
        wallet: anyValue,
      },
      { requiredKeys: [] },
    ),
  );
  return {
    // Accounts (better-auth and /api/account). Never the owner's password: a right one would
    // delete the account or revoke the session the other runs need.
    name: fc.constantFrom('Anna Miller', 'Zoë 李'),
    email: fc.uuid().map((id) => `fuzz-${id}@example.com`),
    password: fc.constant('a wrong password'),
    currentPassword: fc.constant('a wrong password'),
    newPassword: fc.constant('another password 2'),
    revokeOtherSessions: fc.boolean(),
    callbackURL: fc.constantFrom('/my_calendars', '/settings'),
    errorCallbackURL: fc.constant('/login'),
    disableRedirect: fc.constant(true),
    provider: fc.constant('oidc'),
    token: pick(() => fixtures.tokens),
    confirm: fc.constant('DELETE'),
    iban: fc.constantFrom('DE89370400440532013000', 'GB82WEST12345698765432', ''),
    savingsGoalAmount: fc.constantFrom(null, 0, 150_000),
    hideSenderNamesDefault: fc.boolean(),
    hideTotalDefault: fc.boolean(),
    captchaValue: fc.constant(GOOD_CAPTCHA),
    // Calendars.
    firstName: fc.constant('Anna'),
    lastName: fc.constant('Miller'),
    title: fc.constant('Our little one'),
    dueDate: fc.integer({ min: 1, max: 280 }).map(inFuture),
    background: fc.constantFrom('pink', 'blue', 'sun'),
    hideSenderNames: fc.boolean(),
    hideTotal: fc.boolean(),
    wizardStep: fc.integer({ min: 1, max: 5 }),
    idempotencyKey: fc.uuid(),
    method: payment,
    calendarId: pick(() => fixtures.calendarIds),
    message: fc.constant('Hello, a question about my calendar.'),
    // Contributions (the fixtures' calendars are due 2030-01-15).
    guessedDate: fc.constantFrom('2030-01-10', '2029-12-18', '2030-01-29'),
    wish: fc.constant('Welcome to the world!'),
    giftAmount: fc.constantFrom(null, 100, 2500),
    payment,
    // The end of a calendar.
    birthDate: fc.constant(toIsoDate(new Date())),
    thankYouMessage: fc.constant('Thank you all!'),
    gifts: fc.constantFrom('pay_out', 'refund'),
    notifyParticipants: fc.boolean(),
  };
}

/** Every object key any zod schema exported from common/ names, nested ones included. */
async function collectSchemaFieldNames(): Promise<string[]> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.type === 'object') {
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        visit(child);
      }
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right']) visit(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option);
  };
  const commonDir = join(import.meta.dirname, '../../common/src');
  const files = readdirSync(commonDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const module = (await import(join(commonDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) visit(value);
  }
  return [...names];
}

/** Query names the server reads (`c.req.query('name')`), and better-auth's own. */
function collectQueryNames(): string[] {
  const names = new Set(['token', 'callbackURL', 'code', 'state', 'error']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.includes('.test.')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\.query\('(\w+)'\)/g)) names.add(match[1]!);
      }
    }
  };
  walk(import.meta.dirname);
  return [...names];
}

type Route = { method: string; path: string };

/** The JSON routes of the app, better-auth's wildcard replaced by the routes it leaves open. */
function listRoutes(app: Awaited<ReturnType<typeof createTestApp>>['app']): Route[] {
  const routes = new Map<string, Route>();
  for (const { method, path } of app.routes) {
    if (!path.startsWith('/api/') || method === 'ALL' || path.endsWith('*')) continue;
    routes.set(`${method} ${path}`, { method, path });
  }
  for (const route of OPEN_AUTH_ROUTES) {
    routes.set(`${route.method} /api/auth${route.path}`, { method: route.method, path: `/api/auth${route.path}` });
  }
  return [...routes.values()];
}

function createRequestArbitrary(route: Route, fieldNames: string[], queryNames: string[]) {
  const examples = createExamples();
  const allNames = [...new Set([...fieldNames, ...Object.keys(examples)])];
  const exampleRecord = fc.record(
    Object.fromEntries(allNames.map((name) => [name, examples[name] ?? cleanValue])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
  );
  const mostlyValid = fc
    .tuple(
      exampleRecord,
      fc.dictionary(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...allNames) },
          { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', '') },
          { weight: 1, arbitrary: anyText },
        ),
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 4, arbitrary: cleanValue },
          { weight: 1, arbitrary: anyValue },
        ),
        { maxKeys: 3 },
      ),
    )
    .map(([valid, changes]) => JSON.stringify({ ...valid, ...changes }));
  const fewFields = fc
    .dictionary(fc.constantFrom(...allNames), fc.oneof(anyValue, ...Object.values(examples)), { maxKeys: 3 })
    .map((body) => JSON.stringify(body));
  // A valid body with odd characters in some of its strings: what reaches the services and the
  // database when a character slips past the text check.
  const salted = fc
    .tuple(
      exampleRecord,
      fc.oneof(
        { weight: 2, arbitrary: fc.constant('\u0000') },
        { weight: 1, arbitrary: fc.constantFrom('\ud800', '\u0085', '\u202e') },
        { weight: 1, arbitrary: oddCharacters },
      ),
      fc.nat({ max: 40 }),
      fc.array(fc.nat({ max: 2 }), { minLength: 64, maxLength: 64 }),
    )
    .map(([valid, odd, at, choices]) => JSON.stringify(saltStrings(valid, odd, at, choices)));
  const body = fc.oneof(
    { weight: 4, arbitrary: mostlyValid },
    { weight: 6, arbitrary: salted },
    { weight: 2, arbitrary: fewFields },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    // Nesting as deep as JSON.parse takes, and a body past the 64 KB limit.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...allNames), fc.integer({ min: 1_000, max: 20_000 }))
        .map(([name, depth]) => `{${JSON.stringify(name)}:${'['.repeat(depth)}${']'.repeat(depth)}}`),
    },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ name: 'x'.repeat(70_000) })) },
  );

  const pathParam = (name: string) => {
    const real =
      name === 'slug'
        ? () => fixtures.slugs.slice(0, 2)
        : name === 'provider'
          ? () => ['sandbox', 'stripe']
          : () => [fixtures.calendarIds[0]!, ...fixtures.draftIds, ...fixtures.contributionIds];
    return fc.oneof(
      {
        weight: 5,
        arbitrary: fc.integer({ min: 0, max: 1000 }).map((i) => encodeURIComponent(real()[i % real().length]!)),
      },
      { weight: 1, arbitrary: fc.uuid() },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.integer({ min: 0, max: 1000 }), oddCharacters, fc.nat())
          .map(([i, odd, at]) => encodeAny(insertAt(real()[i % real().length]!, odd, at))),
      },
      { weight: 2, arbitrary: anyText.filter((text) => text.length > 0).map(encodeAny) },
      {
        weight: 1,
        arbitrary: fc
          .uint8Array({ minLength: 1, maxLength: 12 })
          .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
      },
    );
  };
  const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = fc.tuple(...paramNames.map(pathParam));

  const queryValue = fc.oneof(
    fc.integer({ min: 0, max: 1000 }).map((i) => {
      const values = [...fixtures.tokens, ...fixtures.contributionIds, ...fixtures.calendarIds];
      return encodeURIComponent(values[i % values.length]!);
    }),
    cleanText.map(encodeAny),
    anyText.map(encodeAny),
  );
  const someQuery = fc
    .dictionary(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...queryNames) },
        { weight: 1, arbitrary: anyText.map(encodeAny) },
      ),
      queryValue,
      { maxKeys: 3 },
    )
    .map((entries) =>
      Object.entries(entries)
        .map(([name, value]) => `${name.includes('%') ? name : encodeURIComponent(name)}=${value}`)
        .join('&'),
    );

  // The query a real link carries (an edit link's token, a page cursor, a filter), or odd ones.
  const realQuery = fc
    .tuple(fc.integer({ min: 0, max: 1000 }), fc.option(fc.tuple(oddCharacters, fc.nat())))
    .map(([i, salt]) => {
      const queries: Array<[string, string]> = [
        ...fixtures.tokens.map((token): [string, string] => ['token', token]),
        ['cursor', fixtures.contributionIds[0]!],
        ['calendarId', fixtures.calendarIds[0]!],
      ];
      const [name, value] = queries[i % queries.length]!;
      return `${name}=${encodeAny(salt ? insertAt(value, salt[0], salt[1]) : value)}`;
    });
  const query = fc.oneof(fc.constant(''), realQuery, someQuery);

  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'application/merge-patch+json',
        'application/x-www-form-urlencoded',
        'text/plain',
        '',
      ),
    },
  );
  const session = fc.oneof(
    { weight: 6, arbitrary: fc.constant('owner') },
    { weight: 1, arbitrary: fc.constant('none') },
    { weight: 1, arbitrary: anyText.map((text) => `better-auth.session_token=${encodeAny(text)}`) },
  );
  // Each request from its own address (TRUST_PROXY=1), so per-IP limits stay out of the way.
  const forwardedFor = fc.oneof(
    { weight: 5, arbitrary: fc.ipV4() },
    { weight: 1, arbitrary: fc.oneof(fc.ipV6(), anyHeaderValue) },
  );
  const userAgent = fc.option(anyHeaderValue, { nil: undefined });
  return fc.record({ params, query, body, contentType, session, forwardedFor, userAgent });
}

type GeneratedRequest = {
  params: string[];
  query: string;
  body: string;
  contentType: string;
  session: string;
  forwardedFor: string;
  userAgent: string | undefined;
};

async function send(route: Route, request: GeneratedRequest) {
  let index = 0;
  const path = route.path.replace(/:(\w+)/g, () => request.params[index++] ?? '');
  const url = request.query ? `${path}?${request.query}` : path;
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'x-forwarded-for': request.forwardedFor };
  if (request.userAgent !== undefined) headers['user-agent'] = request.userAgent;
  const sessionCookie = request.session === 'owner' ? cookie : request.session === 'none' ? '' : request.session;
  if (sessionCookie) headers.cookie = sessionCookie;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  if (hasBody && request.contentType) headers['content-type'] = request.contentType;
  const body =
    hasBody && request.contentType === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(Object.entries(safeParse(request.body))).toString()
      : request.body;
  const response = await t.app.request(url, { method: route.method, headers, ...(hasBody ? { body } : {}) });
  return { url, response, text: await response.text() };
}

function safeParse(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, String(field)]));
    }
  } catch {}
  return { value: text };
}

/** Signs the owner in again when a run signed them out (e.g. sign-out with their cookie). */
async function keepOwnerSignedIn() {
  const session = await t.app.request('/api/auth/get-session', { headers: { cookie } });
  if (session.status === 200 && (await session.json()) !== null) return;
  // Through better-auth's API, not HTTP: the runs' failed sign-ins have throttled this client's address.
  const signIn = await t.context.auth.api.signInEmail({
    body: { email: owner.email, password: OWNER_PASSWORD },
    asResponse: true,
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  cookie = readSessionCookie(signIn);
}

const t = await createTestApp({
  // Every limit lifted (whatever their names), so the runs reach the routes.
  rateLimits: Object.fromEntries(
    [...Object.keys(DEFAULT_RATE_LIMITS), 'contributionsPerIp', 'contributionsPerCalendar'].map((name) => [
      name,
      NO_LIMIT,
    ]),
  ) as RateLimitOverrides,
  env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: '1' },
});
const routes = listRoutes(t.app);
const fieldNames = await collectSchemaFieldNames();
const queryNames = collectQueryNames();

beforeAll(async () => {
  useManualSandboxWebhooks(t);
  const real = t.context.captcha;
  t.context.captcha = {
    provider: real.provider,
    verify: (value, ip) => (value === GOOD_CAPTCHA ? Promise.resolve(true) : real.verify(value, ip)),
  };

  owner = await createActiveCalendar(t);
  const contribution = await makeContribution(t);
  expect((await postContribution(t, owner.calendar.slug, contribution)).status).toBe(201);
  const link = await findEditLink(t, contribution.email);
  fixtures.contributionIds.push(link!.id);
  fixtures.tokens.push(
    link!.token,
    new URL(createUnsubscribeUrl(t.context.env, contribution.email)).searchParams.get('token')!,
  );
  fixtures.calendarIds.push(owner.calendar.id);
  fixtures.slugs.push(owner.calendar.slug);
  const draft = await sendJson(
    t,
    'POST',
    '/api/calendars',
    { firstName: 'Anna', lastName: 'Miller', iban: 'DE89370400440532013000' },
    owner.cookie,
  );
  const draftId = ((await draft.json()) as { id: string }).id;
  await sendJson(t, 'PATCH', `/api/calendars/${draftId}`, { dueDate: inFuture(60) }, owner.cookie);
  fixtures.draftIds.push(draftId);

  cookie = owner.cookie;
}, 120_000);
afterAll(() => t.close());

it('lists the routes from the app', () => {
  expect(routes.length).toBeGreaterThan(30);
  expect(routes).toContainEqual({ method: 'PATCH', path: '/api/calendars/:id' });
  expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/sign-up/email' });
});

describe.each(routes)('$method $path with arbitrary input', (route) => {
  it('never answers 5xx, and every error has the documented shape', async () => {
    // Fresh active calendars: a run that announced or closed one leaves the next runs their depth.
    const fresh = await createActiveCalendar(t);
    fixtures.calendarIds.unshift(fresh.calendar.id);
    fixtures.slugs.unshift(fresh.calendar.slug);
    await keepOwnerSignedIn();
    await fc.assert(
      fc.asyncProperty(createRequestArbitrary(route, fieldNames, queryNames), async (request) => {
        const { url, response, text } = await send(route, request);
        const context = `${route.method} ${url} → ${response.status} ${text.slice(0, 300)}`;
        expect(response.status, context).toBeLessThan(500);
        if (response.status >= 400) {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
          expect(ApiErrorBodySchema.safeParse(body).success, context).toBe(true);
        }
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  });
});
