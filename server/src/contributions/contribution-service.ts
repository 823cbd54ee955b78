import { randomUUID } from 'node:crypto';
import type { ContributionRequestSchema, ContributionResponse } from '@firstday/common/contributions';
import { formatMonthDay } from '@firstday/common/format';
import { getFirstOpenGuessDay, getGuessWindow, isInGuessWindow } from '@firstday/common/guess-window';
import { DEFAULT_LOCALE } from '@firstday/common/locales';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { announcements } from '../announcements/schema.ts';
import {
  findWelcomeWindow,
  isWelcomeWindowOpen,
  type WelcomeWindow,
  welcomeGiftsClosedError,
} from '../announcements/welcome-window.ts';
import type { AppContext } from '../app-context.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { type Db, prepareStatement, readTimestamp } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { countHitsSql, type Hit, rateLimitedError, readHitValues, readRetryAfter } from '../lib/rate-limit.ts';
import {
  type Answer,
  answerExisting,
  assertPaymentMethodAvailable,
  type ChargeMethod,
  callProvider,
  toPayResponse,
} from '../payments/charge-payments.ts';
import type { PaymentRow } from '../payments/payment-transitions.ts';
import { payments } from '../payments/schema.ts';
import { enqueueContributionReceipt } from './contribution-receipt.ts';
import { type ContributionRow, contributions } from './schema.ts';

export type ContributionInput = z.output<typeof ContributionRequestSchema>;

const SLUG = /^[0-9A-Za-z]{6,40}$/;

const calendarQueries = new WeakMap<Db, ReturnType<typeof prepareCalendarQuery>>();

function prepareCalendarQuery(db: Db) {
  return db
    .select({
      calendar: calendars,
      welcomeGiftsUntil: announcements.welcomeGiftsUntil,
      welcomeGiftsClosedAt: announcements.welcomeGiftsClosedAt,
    })
    .from(calendars)
    .leftJoin(announcements, eq(announcements.calendarId, calendars.id))
    .where(and(eq(calendars.slug, sql.placeholder('slug')), ne(calendars.status, 'draft')))
    .prepare('calendar_for_contribution');
}

/**
 * The shared calendar a contribution is posted to, with its welcome window (decision 026), in one
 * prepared statement; undefined for a draft or an unknown slug.
 */
export async function findCalendarForContribution(
  db: Db,
  slug: string,
): Promise<{ calendar: CalendarRow; welcomeWindow: WelcomeWindow | undefined } | undefined> {
  if (!SLUG.test(slug)) return undefined;
  let query = calendarQueries.get(db);
  if (!query) {
    query = prepareCalendarQuery(db);
    calendarQueries.set(db, query);
  }
  const [row] = await query.execute({ slug });
  if (!row) return undefined;
  const { welcomeGiftsUntil: until, welcomeGiftsClosedAt: closedAt } = row;
  return { calendar: row.calendar, welcomeWindow: until ? { until, closedAt } : undefined };
}

export function assertCalendarOpen(calendar: Pick<CalendarRow, 'status'>): void {
  if (calendar.status === 'announced' || calendar.status === 'paid_out') {
    throw new AppError('calendar_closed', 'This calendar is closed to new guesses and gifts.', 409);
  }
}

/**
 * Re-checks the status under a share lock inside the writing transaction: the announcement's
 * conditional update waits for it (or it waits for the announcement), so no guess slips in after
 * the calendar closed. A welcome gift (no guess) re-checks its window the same way: the window's
 * close locks the calendar row for update (announcements/welcome-gifts.ts).
 */
async function lockOpenCalendar(
  tx: Pick<AppContext['db'], 'select'>,
  calendarId: string,
  welcomeGift: boolean,
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({ status: calendars.status })
    .from(calendars)
    .where(eq(calendars.id, calendarId))
    .for('share');
  if (!row) throw AppError.notFound('There is no calendar at this address.');
  if (!welcomeGift) return assertCalendarOpen(row);
  const window = await findWelcomeWindow(tx, calendarId);
  if (!isWelcomeWindowOpen(window, now)) throw welcomeGiftsClosedError(window);
}

/**
 * A welcome gift (decision 026): a wish and a gift without a guess, only while the parents keep the
 * page open for them after the birth. Before the birth a guess is needed; after the window, 409.
 */
export function assertWelcomeGift(
  calendar: Pick<CalendarRow, 'status'>,
  input: Pick<ContributionInput, 'giftAmount' | 'guessedTimeMinutes' | 'guessedWeight'>,
  window: WelcomeWindow | undefined,
  now: Date,
): void {
  if (calendar.status === 'active') {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { guessedDate: 'Please pick a day.' },
    });
  }
  if (!isWelcomeWindowOpen(window, now)) throw welcomeGiftsClosedError(window);
  const fields: Record<string, string> = {};
  if (input.giftAmount == null) fields.giftAmount = 'Please choose the amount of your welcome gift.';
  if (input.guessedTimeMinutes != null) fields.guessedTimeMinutes = 'Guessing is over: the baby is born.';
  if (input.guessedWeight != null) fields.guessedWeight = 'Guessing is over: the baby is born.';
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, { fields });
  }
}

function isRealDate(isoDate: string): boolean {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === isoDate;
}

/** The window rule (PRODUCT.md): due − 28 … due + 14 days, inclusive. */
export function assertGuessInWindow(dueDate: string, guessedDate: string): void {
  const { first, last } = getGuessWindow(dueDate);
  if (!isRealDate(guessedDate) || !isInGuessWindow(dueDate, guessedDate)) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: {
        guessedDate: `Please pick a day between ${formatMonthDay(first)} and ${formatMonthDay(last)}.`,
      },
    });
  }
}

/**
 * A day that has ended everywhere on Earth cannot be guessed any more (the rule and its reason:
 * `getFirstOpenGuessDay` in common). Call after `assertGuessInWindow`.
 */
export function assertGuessNotPast(dueDate: string, guessedDate: string, now: Date): void {
  const firstOpen = getFirstOpenGuessDay(now);
  if (guessedDate >= firstOpen) return;
  const { last } = getGuessWindow(dueDate);
  throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
    fields: {
      guessedDate:
        last < firstOpen
          ? 'Guessing is over: every day of this calendar has passed.'
          : `${formatMonthDay(guessedDate)} has already passed. Please pick ${formatMonthDay(firstOpen)} or a later day.`,
    },
  });
}

const NOT_ASKED = {
  guessedTimeMinutes: 'This calendar does not ask for the time of birth.',
  guessedWeight: 'This calendar does not ask for the weight.',
} as const;

/**
 * The fun guesses (time, weight) only go to a calendar that asks for them: 400 with a field message
 * otherwise, so a guest whose page was loaded before the owner switched one off learns why.
 */
export function assertFunGuessesAsked(
  calendar: Pick<CalendarRow, 'guessTime' | 'guessWeight'>,
  input: { guessedTimeMinutes?: number | null; guessedWeight?: number | null },
): void {
  const fields: Record<string, string> = {};
  if (input.guessedTimeMinutes != null && !calendar.guessTime) fields.guessedTimeMinutes = NOT_ASKED.guessedTimeMinutes;
  if (input.guessedWeight != null && !calendar.guessWeight) fields.guessedWeight = NOT_ASKED.guessedWeight;
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, { fields });
  }
}

/**
 * Checks that need the calendar and the body but no database write: 400 / 409 before anything else.
 * `now` is injectable for tests. Without a guessed date it is a welcome gift, checked against the
 * calendar's welcome window (`findWelcomeWindow`, read by the caller for an announced calendar).
 */
export function checkContribution(
  context: AppContext,
  calendar: CalendarRow,
  input: ContributionInput,
  now = new Date(),
  welcomeWindow?: WelcomeWindow,
): void {
  if (input.guessedDate === undefined) {
    assertWelcomeGift(calendar, input, welcomeWindow, now);
  } else {
    assertCalendarOpen(calendar);
    assertGuessInWindow(calendar.dueDate!, input.guessedDate);
    assertGuessNotPast(calendar.dueDate!, input.guessedDate, now);
    assertFunGuessesAsked(calendar, input);
  }
  if (input.giftAmount != null && !input.payment) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { payment: 'Please choose how to pay your gift.' },
    });
  }
  if (input.giftAmount != null && input.payment) assertPaymentMethodAvailable(context, input.payment.type);
}

export async function findContributionByKey(context: AppContext, idempotencyKey: string) {
  const [row] = await context.db.select().from(contributions).where(eq(contributions.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * The answer for a submission that already exists (a retry, a double click): the same
 * contribution, and for a gift the same payment, resumed if its first request died.
 */
export async function answerExistingContribution(
  context: AppContext,
  calendar: CalendarRow,
  existing: ContributionRow,
  method?: ChargeMethod,
): Promise<ContributionResponse> {
  if (existing.calendarId !== calendar.id) {
    throw new AppError(
      'idempotency_key_reused',
      'This submission belongs to another calendar. Please reload the page and try again.',
      409,
    );
  }
  if (!existing.paymentId) return { contributionId: existing.id, status: existing.status };
  const [payment] = await context.db.select().from(payments).where(eq(payments.id, existing.paymentId));
  let answer: Answer = { row: payment! };
  if (method) answer = await answerExisting(context, payment!, { idempotencyKey: payment!.idempotencyKey, method });
  return toContributionResponse(context, existing.id, answer);
}

/** How a contribution is counted and who sends it (the route has checked the captcha and the guard). */
export type ContributionSender = {
  /** Who sends the gift (payment-guard.ts): a decline reported later still counts against them. */
  clientKey?: string;
  /** The rate-limit hits to count with the contribution's write (database store); none when counted already. */
  hits?: Hit[];
};

/**
 * Records a new contribution (the route has checked the captcha and `checkContribution`). Without a
 * gift: 'confirmed' with its receipt, in one transaction. With a gift: the contribution
 * ('pending_payment') and its 'pending' payment in one statement keyed by the browser's key
 * (`claimGift`), then the charge; the payment's confirmation (webhook or reconciliation) makes it
 * public.
 */
export async function createContribution(
  context: AppContext,
  calendar: CalendarRow,
  input: ContributionInput,
  sender: ContributionSender = {},
): Promise<ContributionResponse> {
  const welcomeGift = input.guessedDate === undefined;
  const hits = sender.hits ?? [];
  const base = {
    calendarId: calendar.id,
    name: input.name,
    email: input.email.toLowerCase(),
    guessedDate: input.guessedDate ?? null,
    wish: input.wish,
    guessedTimeMinutes: input.guessedTimeMinutes ?? null,
    guessedWeightGrams: input.guessedWeight ?? null,
    currency: calendar.currency,
    locale: input.locale ?? DEFAULT_LOCALE,
    idempotencyKey: input.idempotencyKey,
  };
  if (input.giftAmount == null || !input.payment) {
    if (hits.length > 0) await context.limiters.hitAll(hits);
    const created = await context.db.transaction(async (tx) => {
      await lockOpenCalendar(tx, calendar.id, welcomeGift, new Date());
      const [row] = await tx
        .insert(contributions)
        .values({ id: randomUUID(), ...base, giftAmount: null, status: 'confirmed' })
        .onConflictDoNothing({ target: contributions.idempotencyKey })
        .returning();
      if (row) await enqueueContributionReceipt(tx, context.env.APP_URL, row);
      return row;
    });
    if (!created)
      return answerExistingContribution(
        context,
        calendar,
        (await findContributionByKey(context, input.idempotencyKey))!,
      );
    context.publicCalendars.invalidate(calendar.id);
    context.wakeMailWorker();
    return { contributionId: created.id, status: 'confirmed' };
  }

  const method = input.payment;
  const claimed = await claimGift(context, calendar, { ...base, giftAmount: input.giftAmount }, method, {
    clientKey: sender.clientKey,
    hits,
    welcomeGift,
  });
  if (!claimed) {
    const existing = (await findContributionByKey(context, input.idempotencyKey))!;
    // A repeated submission is not a new one: its place in the calendar's allowance goes back.
    const calendarHit = hits.find((hit) => hit.key === calendar.id);
    if (calendarHit) await calendarHit.limiter.giveBack(calendar.id).catch(() => undefined);
    return answerExistingContribution(context, calendar, existing, method);
  }
  const answer = await callProvider(context, claimed.payment, method);
  return toContributionResponse(context, claimed.contributionId, answer);
}

type GiftClaimValues = Omit<
  ContributionRow,
  | 'id'
  | 'paymentId'
  | 'status'
  | 'readAt'
  | 'digestedAt'
  | 'hiddenAt'
  | 'removedAt'
  | 'editTokenHash'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The gift's one write before the charge, one statement (so one implicit transaction, committed
 * before the provider is called): the rate-limit hits (when counted in the database), the
 * calendar's share lock and open check (as `lockOpenCalendar`), the contribution and its 'pending'
 * payment with ids made here, both or neither. Nothing is written when the calendar closed or a
 * limit is reached (AppError), or when the browser's key was used before (undefined).
 */
async function claimGift(
  context: AppContext,
  calendar: CalendarRow,
  values: GiftClaimValues,
  method: ChargeMethod,
  options: { clientKey?: string; hits: Hit[]; welcomeGift: boolean },
): Promise<{ contributionId: string; payment: PaymentRow } | undefined> {
  const { hits } = options;
  if (hits.length !== 0 && hits.length !== 2) throw new Error('a gift counts two rate limits or none');
  const countInStatement = hits.length === 2;
  const now = Date.now();
  const contributionId = randomUUID();
  const paymentId = randomUUID();
  // Its own namespace: a gift key can never meet a fee payment's key.
  const paymentKey = `gift:${values.idempotencyKey}`;
  const statement = countInStatement ? claimGiftCountingHits : claimGiftAlone;
  const [row] = await statement(context.db, {
    ...(countInStatement ? readHitValues(hits, now) : {}),
    ipLimit: hits[0]?.limiter.rule.limit ?? 0,
    calendarLimit: hits[1]?.limiter.rule.limit ?? 0,
    now: new Date(now).toISOString(),
    welcomeGift: options.welcomeGift,
    contributionId,
    paymentId,
    calendarId: calendar.id,
    name: values.name,
    email: values.email,
    guessedDate: values.guessedDate,
    wish: values.wish,
    guessedTimeMinutes: values.guessedTimeMinutes,
    guessedWeightGrams: values.guessedWeightGrams,
    giftAmount: values.giftAmount,
    currency: values.currency,
    locale: values.locale,
    idempotencyKey: values.idempotencyKey,
    provider: context.payments.name,
    method: method.type,
    paymentKey,
    clientKey: options.clientKey ?? null,
  });
  if (!row?.found) throw AppError.notFound('There is no calendar at this address.');
  if (!row.allowed) {
    const counters = (typeof row.hits === 'string' ? JSON.parse(row.hits) : row.hits) ?? [];
    throw rateLimitedError(Math.max(1, readRetryAfter(hits, counters, now)));
  }
  if (!row.open) {
    if (!options.welcomeGift) assertCalendarOpen({ status: 'announced' });
    throw welcomeGiftsClosedError(await findWelcomeWindow(context.db, calendar.id));
  }
  if (countInStatement) await context.limiters.sweep();
  if (!row.contribution_id) return undefined;
  return {
    contributionId,
    payment: {
      id: paymentId,
      calendarId: calendar.id,
      purpose: 'gift',
      provider: context.payments.name,
      providerRef: null,
      amount: values.giftAmount!,
      currency: values.currency,
      status: 'pending',
      method: method.type,
      cardLast4: null,
      failureCode: null,
      idempotencyKey: paymentKey,
      clientKey: options.clientKey ?? null,
      payerAccountId: null,
      refundDueAt: null,
      createdAt: readTimestamp(row.created_at),
      updatedAt: readTimestamp(row.created_at),
    },
  };
}

type GiftClaimRow = {
  found: boolean;
  open: boolean;
  allowed: boolean;
  contribution_id: string | null;
  created_at: unknown;
  hits: unknown;
};

function buildGiftClaim(countHits: boolean): SQL {
  const value = (name: string) => sql.placeholder(name);
  const withHits = countHits ? sql`hits as (${countHitsSql(2)}),` : sql``;
  // rate-limiter-flexible refuses a hit once the window's points exceed the limit.
  const allowed = countHits
    ? sql`not exists (select from hits where (hits.key = ${value('rlKey0')} and hits.points > ${value('ipLimit')}::int) or (hits.key = ${value('rlKey1')} and hits.points > ${value('calendarLimit')}::int))`
    : sql`true`;
  const hitRows = countHits
    ? sql`(select json_agg(json_build_object('key', hits.key, 'points', hits.points, 'expire', hits.expire)) from hits)`
    : sql`null`;
  return sql`with ${withHits}
    calendar as (
      select ${calendars.status} as status, ${announcements.welcomeGiftsUntil} as until, ${announcements.welcomeGiftsClosedAt} as closed_at
      from ${calendars} left join ${announcements} on ${announcements.calendarId} = ${calendars.id}
      where ${calendars.id} = ${value('calendarId')}::uuid
      for share of ${calendars}
    ),
    open as (
      select from calendar where case when ${value('welcomeGift')}::boolean
        then calendar.until is not null and calendar.closed_at is null and calendar.until > ${value('now')}::timestamptz
        else calendar.status not in ('announced', 'paid_out') end
    ),
    contribution as (
      insert into ${contributions} (id, calendar_id, name, email, guessed_date, wish, guessed_time_minutes,
        guessed_weight_grams, gift_amount, currency, locale, payment_id, status, idempotency_key)
      select ${value('contributionId')}::uuid, ${value('calendarId')}::uuid, ${value('name')}::text, ${value('email')}::text,
        ${value('guessedDate')}::date, ${value('wish')}::text, ${value('guessedTimeMinutes')}::int,
        ${value('guessedWeightGrams')}::int, ${value('giftAmount')}::int, ${value('currency')}::text,
        ${value('locale')}::text, ${value('paymentId')}::uuid, 'pending_payment', ${value('idempotencyKey')}::text
      where exists (select from open) and ${allowed}
      on conflict (idempotency_key) do nothing
      returning id
    ),
    payment as (
      insert into ${payments} (id, calendar_id, purpose, provider, amount, currency, status, method, idempotency_key, client_key)
      select ${value('paymentId')}::uuid, ${value('calendarId')}::uuid, 'gift', ${value('provider')}::text,
        ${value('giftAmount')}::int, ${value('currency')}::text, 'pending', ${value('method')}::text,
        ${value('paymentKey')}::text, ${value('clientKey')}::text
      from contribution
      returning created_at
    )
    select exists (select from calendar) as found, exists (select from open) as open, ${allowed} as allowed,
      (select id from contribution) as contribution_id, (select created_at from payment) as created_at,
      ${hitRows} as hits`;
}

const claimGiftCountingHits = prepareStatement<GiftClaimRow>('claim_gift_with_hits', () => buildGiftClaim(true));
const claimGiftAlone = prepareStatement<GiftClaimRow>('claim_gift', () => buildGiftClaim(false));

async function toContributionResponse(
  context: AppContext,
  contributionId: string,
  answer: { row: PaymentRow; clientSecret?: string },
): Promise<ContributionResponse> {
  // Only the payment's own transitions move its contribution: while it is under way, nothing did.
  if (answer.row.status === 'pending' || answer.row.status === 'processing') {
    return { contributionId, status: 'pending_payment', payment: toPayResponse(answer) };
  }
  const [current] = await context.db
    .select({ status: contributions.status })
    .from(contributions)
    .where(eq(contributions.id, contributionId));
  return { contributionId, status: current?.status ?? 'pending_payment', payment: toPayResponse(answer) };
}
