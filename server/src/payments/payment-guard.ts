import { createHmac, createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import type { PaymentRow } from './payment-transitions.ts';
import { paymentDeclines } from './schema.ts';

// Card testing: a fraudster with a list of stolen cards tries them one by one on any payment form
// that answers quickly. Declines are counted apart from good payments, per calendar, account,
// client and card, and a burst of them brings a captcha, then a pause for that source, never for
// the calendar's other guests. Rules and numbers: docs/decisions/022-card-testing-defence.md.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Purpose = PaymentRow['purpose'];
type Scope = 'calendar' | 'account' | 'client' | 'card';

export type DeclineRule = {
  name: string;
  /** Which payments' declines count; 'any' counts fees and gifts together. */
  purpose: Purpose | 'any';
  scope: Scope;
  windowMs: number;
  /** The rule fires when the scope has had this many declines in the window. */
  limit: number;
  /** 'captcha': the next attempt must carry a solved captcha; 'pause': attempts are refused until the window lets go. */
  action: 'captcha' | 'pause';
};

export const DECLINE_RULES: readonly DeclineRule[] = [
  // The creation fee: one account, one draft. A parent who mistypes twice is not bothered.
  { name: 'fee-draft-captcha', purpose: 'fee', scope: 'calendar', windowMs: HOUR, limit: 3, action: 'captcha' },
  { name: 'fee-account-captcha', purpose: 'fee', scope: 'account', windowMs: HOUR, limit: 3, action: 'captcha' },
  { name: 'fee-draft-pause', purpose: 'fee', scope: 'calendar', windowMs: HOUR, limit: 10, action: 'pause' },
  { name: 'fee-account-pause', purpose: 'fee', scope: 'account', windowMs: HOUR, limit: 10, action: 'pause' },
  // Gifts: every gift already carries a captcha; a source that keeps failing is paused.
  { name: 'gift-client-pause', purpose: 'gift', scope: 'client', windowMs: 10 * MINUTE, limit: 5, action: 'pause' },
  // Whatever is paid for: one address, one card.
  { name: 'client-pause', purpose: 'any', scope: 'client', windowMs: HOUR, limit: 10, action: 'pause' },
  { name: 'card-pause', purpose: 'any', scope: 'card', windowMs: DAY, limit: 3, action: 'pause' },
];

/**
 * A calendar under a wave of declined gifts from many addresses: its parents are told once, and
 * while it lasts an address whose gift on it was declined in the last hour is paused. Addresses
 * with no decline, the real guests, give as before.
 */
export const GIFT_BURST = { windowMs: 10 * MINUTE, declines: 10, pauseWindowMs: HOUR, pauseAfter: 1 } as const;

/** Declines are kept this long (the longest window, and a margin for reading the log). */
export const DECLINE_RETENTION_MS = 7 * DAY;

/** Codes our own side sets on a payment: not a card refused by its bank. */
const NOT_A_DECLINE = new Set(['abandoned', 'duplicate_charge', 'canceled', 'requested_by_customer', 'automatic']);

export const PAUSED_MESSAGE = 'Too many declined cards. Please try again later or use another way to pay.';
export const CAPTCHA_REQUIRED_MESSAGE = 'Please confirm you are not a robot before paying.';

/** Who is paying, as the rules count: never the IP or the card number in the clear. */
export type PaymentSource = {
  purpose: Purpose;
  calendarId: string;
  /** The fee's payer; gifts have none. */
  accountId?: string;
  clientKey: string;
  /** Known before the charge only where the card number passes through us (the sandbox). */
  cardKey?: string;
};

export type GuardVerdict =
  | { action: 'allow' }
  | { action: 'captcha' | 'pause'; rule: string; retryAfterSeconds: number };

type GuardContext = Pick<AppContext, 'db' | 'env' | 'logger' | 'metrics'>;

/** A keyed hash (so a leaked table gives no IP or card back: IPv4 is small enough to hash them all). */
function keyedHash(appSecret: string, purpose: 'client' | 'card', value: string): string {
  return createHmac('sha256', getGuardKey(appSecret, purpose)).update(value).digest('base64url');
}

/** Each purpose's key, derived once per secret: deriving it per request was 1 % of a gift's CPU. */
const guardKeys = new Map<string, KeyObject>();
function getGuardKey(appSecret: string, purpose: 'client' | 'card'): KeyObject {
  const id = `${purpose}\0${appSecret}`;
  let key = guardKeys.get(id);
  if (!key) {
    key = createSecretKey(createHmac('sha256', appSecret).update(`firstday:payment-guard:${purpose}`).digest());
    guardKeys.set(id, key);
  }
  return key;
}

export function getClientKey(appSecret: string, ip: string): string {
  return keyedHash(appSecret, 'client', ip);
}

export function getCardKey(appSecret: string, fingerprint: string): string {
  return keyedHash(appSecret, 'card', fingerprint);
}

function matchScope(scope: Scope, source: PaymentSource): SQL | undefined {
  if (scope === 'calendar') return eq(paymentDeclines.calendarId, sql.placeholder('calendarId'));
  if (scope === 'account')
    return source.accountId ? eq(paymentDeclines.accountId, sql.placeholder('accountId')) : undefined;
  if (scope === 'client') return eq(paymentDeclines.clientKey, sql.placeholder('clientKey'));
  return source.cardKey ? eq(paymentDeclines.cardKey, sql.placeholder('cardKey')) : undefined;
}

/** Declines after `windowMs` before the statement's `now` (a placeholder, so the SQL stays the same). */
const since = (windowMs: number) =>
  sql`${sql.placeholder('now')}::timestamptz - ${sql.raw(`interval '${Math.round(windowMs)} milliseconds'`)}`;

type CountedRule = { rule: string; action: 'captcha' | 'pause'; limit: number; windowMs: number; filter: SQL };

/** The rules that count for `source` (its purpose, and which of account and card are known). */
function listCountedRules(source: PaymentSource): CountedRule[] {
  const counted: CountedRule[] = [];
  for (const rule of DECLINE_RULES) {
    if (rule.purpose !== 'any' && rule.purpose !== source.purpose) continue;
    const scope = matchScope(rule.scope, source);
    if (!scope) continue;
    const purpose = rule.purpose === 'any' ? undefined : eq(paymentDeclines.purpose, rule.purpose);
    counted.push({
      ...rule,
      rule: rule.name,
      filter: and(scope, purpose, gt(paymentDeclines.createdAt, since(rule.windowMs)))!,
    });
  }
  if (source.purpose === 'gift') {
    const onCalendar = and(
      eq(paymentDeclines.calendarId, sql.placeholder('calendarId')),
      eq(paymentDeclines.purpose, 'gift'),
    );
    counted.push({
      rule: 'gift-burst-client-pause',
      action: 'pause',
      limit: GIFT_BURST.pauseAfter,
      windowMs: GIFT_BURST.pauseWindowMs,
      filter: and(
        onCalendar,
        eq(paymentDeclines.clientKey, sql.placeholder('clientKey')),
        gt(paymentDeclines.createdAt, since(GIFT_BURST.pauseWindowMs)),
      )!,
    });
    counted.push({
      rule: 'gift-burst',
      action: 'captcha',
      // Read for the condition of the rule above; never fires on its own.
      limit: Number.POSITIVE_INFINITY,
      windowMs: GIFT_BURST.windowMs,
      filter: and(onCalendar, gt(paymentDeclines.createdAt, since(GIFT_BURST.windowMs)))!,
    });
  }
  return counted;
}

type GuardQuery = {
  counted: CountedRule[];
  execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
};

/** Prepared once per database and shape of source (the rules that apply differ by purpose, account, card). */
const guardQueries = new WeakMap<Db, Map<string, GuardQuery>>();

function getGuardQuery(db: Db, source: PaymentSource): GuardQuery {
  const shape = `${source.purpose}_${source.accountId ? 'a' : ''}${source.cardKey ? 'c' : ''}`;
  let byShape = guardQueries.get(db);
  if (!byShape) {
    byShape = new Map();
    guardQueries.set(db, byShape);
  }
  let query = byShape.get(shape);
  if (query) return query;
  const counted = listCountedRules(source);
  const fields: Record<string, SQL.Aliased<number> | SQL.Aliased<string | null>> = {};
  counted.forEach((entry, index) => {
    fields[`count${index}`] = sql<number>`count(*) filter (where ${entry.filter})`.mapWith(Number).as(`count${index}`);
    fields[`oldest${index}`] = sql<string | null>`min(${paymentDeclines.createdAt}) filter (where ${entry.filter})`
      .mapWith(String)
      .as(`oldest${index}`);
  });
  const anyScope = or(...counted.map((entry) => entry.filter));
  const prepared = db
    .select(fields)
    .from(paymentDeclines)
    .where(and(gt(paymentDeclines.createdAt, since(DAY)), anyScope))
    .prepare(`payment_guard_${shape}`);
  query = { counted, execute: (values) => prepared.execute(values) as Promise<Record<string, unknown>[]> };
  byShape.set(shape, query);
  return query;
}

/**
 * What the rules say about one more attempt from `source`, read in one prepared statement: each
 * rule's count and the oldest decline it counted (which tells when the window lets go).
 */
export async function checkPaymentSource(db: Db, source: PaymentSource, now = Date.now()): Promise<GuardVerdict> {
  const { counted, execute } = getGuardQuery(db, source);
  const [row] = (await execute({
    now: new Date(now).toISOString(),
    calendarId: source.calendarId,
    clientKey: source.clientKey,
    accountId: source.accountId ?? null,
    cardKey: source.cardKey ?? null,
  })) as Record<string, number | string | null>[];

  const burstIndex = counted.findIndex((entry) => entry.rule === 'gift-burst');
  const inBurst = burstIndex >= 0 && Number(row?.[`count${burstIndex}`] ?? 0) >= GIFT_BURST.declines;
  let verdict: GuardVerdict = { action: 'allow' };
  counted.forEach((entry, index) => {
    if (entry.rule === 'gift-burst-client-pause' && !inBurst) return;
    const count = Number(row?.[`count${index}`] ?? 0);
    if (count < entry.limit) return;
    const oldest = row?.[`oldest${index}`];
    const freeAt = (oldest ? Date.parse(String(oldest)) : now) + entry.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
    // A pause outranks a captcha; of two pauses the longer one tells the truth.
    if (
      verdict.action === 'allow' ||
      (entry.action === 'pause' && verdict.action === 'captcha') ||
      (entry.action === verdict.action && retryAfterSeconds > verdict.retryAfterSeconds)
    ) {
      verdict = { action: entry.action, rule: entry.rule, retryAfterSeconds };
    }
  });
  return verdict;
}

/**
 * Lets a payment attempt through, asks for a captcha, or refuses it with the kind message (429,
 * Retry-After). `verifyCaptcha` checks the captcha the request carried, when it carried one.
 */
export async function guardPaymentAttempt(
  context: GuardContext,
  source: PaymentSource,
  verifyCaptcha: () => Promise<boolean>,
): Promise<void> {
  const verdict = await checkPaymentSource(context.db, source);
  if (verdict.action === 'allow') return;
  if (verdict.action === 'captcha' && (await verifyCaptcha())) return;
  context.metrics.countPaymentRefusal(source.purpose, verdict.rule);
  context.logger.warn(
    { rule: verdict.rule, action: verdict.action, purpose: source.purpose, calendarId: source.calendarId },
    'payment attempt held by a card-testing rule',
  );
  if (verdict.action === 'captcha') {
    throw new AppError('captcha_required', CAPTCHA_REQUIRED_MESSAGE, 400, {
      fields: { captchaValue: CAPTCHA_REQUIRED_MESSAGE },
    });
  }
  throw new AppError('payments_paused', PAUSED_MESSAGE, 429, {
    headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
  });
}

/** A payment that has just been refused by the card's bank (not one our side gave up on). */
export function isNewDecline(before: Pick<PaymentRow, 'failureCode'>, after: PaymentRow): boolean {
  if (after.status === 'succeeded' || after.status === 'refunded') return false;
  const code = after.failureCode;
  return !!code && code !== before.failureCode && !NOT_A_DECLINE.has(code);
}

/**
 * Records a decline in the payment's transaction, once per payment. For a gift, when its calendar
 * has just reached a burst, answers true so the caller tells the parents (once a day at most).
 */
export async function recordDecline(
  tx: Db,
  appSecret: string,
  payment: PaymentRow,
  cardFingerprint: string | undefined,
): Promise<{ recorded: boolean; burst: boolean }> {
  const inserted = await tx
    .insert(paymentDeclines)
    .values({
      id: randomUUID(),
      paymentId: payment.id,
      purpose: payment.purpose,
      calendarId: payment.calendarId,
      accountId: payment.payerAccountId,
      clientKey: payment.clientKey,
      cardKey: cardFingerprint ? getCardKey(appSecret, cardFingerprint) : null,
      reason: payment.failureCode ?? 'declined',
    })
    .onConflictDoNothing({ target: paymentDeclines.paymentId })
    .returning({ id: paymentDeclines.id });
  if (inserted.length === 0) return { recorded: false, burst: false };
  if (payment.purpose !== 'gift' || !payment.calendarId) return { recorded: true, burst: false };
  const [recent] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(paymentDeclines)
    .where(
      and(
        eq(paymentDeclines.calendarId, payment.calendarId),
        eq(paymentDeclines.purpose, 'gift'),
        gt(paymentDeclines.createdAt, new Date(Date.now() - GIFT_BURST.windowMs)),
      ),
    );
  return { recorded: true, burst: (recent?.count ?? 0) >= GIFT_BURST.declines };
}

export const DELETE_OLD_DECLINES_JOB = 'delete-old-declines';

/** Forgets declines older than the retention (an hourly job). */
export async function deleteOldDeclines(db: Db, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(paymentDeclines)
    .where(lt(paymentDeclines.createdAt, new Date(now - DECLINE_RETENTION_MS)))
    .returning({ id: paymentDeclines.id });
  return deleted.length;
}

/** The source of an attempt as the rules count it: the client's address and, where we see it, the card. */
export function describePaymentSource(
  context: Pick<AppContext, 'env' | 'payments'>,
  attempt: {
    purpose: Purpose;
    calendarId: string;
    accountId?: string;
    ip: string;
    method: { type: 'card'; card: { number: string } } | { type: 'wallet' | 'stripe' };
  },
): PaymentSource {
  const secret = context.env.APP_SECRET;
  const fingerprint =
    attempt.method.type === 'card'
      ? context.payments.fingerprintCard?.({ type: 'card', card: { number: attempt.method.card.number } })
      : undefined;
  return {
    purpose: attempt.purpose,
    calendarId: attempt.calendarId,
    accountId: attempt.accountId,
    clientKey: getClientKey(secret, attempt.ip),
    cardKey: fingerprint ? getCardKey(secret, fingerprint) : undefined,
  };
}
