import { randomUUID } from 'node:crypto';
import type { ContributionRequestSchema, ContributionResponse } from '@firstday/common/contributions';
import { formatMonthDay } from '@firstday/common/format';
import { getFirstOpenGuessDay, getGuessWindow, isInGuessWindow } from '@firstday/common/guess-window';
import { DEFAULT_LOCALE } from '@firstday/common/locales';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  findWelcomeWindow,
  isWelcomeWindowOpen,
  type WelcomeWindow,
  welcomeGiftsClosedError,
} from '../announcements/welcome-window.ts';
import type { AppContext } from '../app-context.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { AppError } from '../lib/errors.ts';
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

/**
 * Records a new contribution (the route has checked the captcha and `checkContribution`). Without a
 * gift: 'confirmed' with its receipt, in one transaction. With a gift: the contribution
 * ('pending_payment') and its 'pending' payment in one transaction keyed by the browser's key,
 * then the charge; the payment's confirmation (webhook or reconciliation) makes it public.
 */
export async function createContribution(
  context: AppContext,
  calendar: CalendarRow,
  input: ContributionInput,
  /** Who sends the gift (payment-guard.ts): a decline reported later still counts against them. */
  clientKey?: string,
): Promise<ContributionResponse> {
  const welcomeGift = input.guessedDate === undefined;
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
  const giftAmount = input.giftAmount;
  const claimed = await context.db.transaction(async (tx) => {
    await lockOpenCalendar(tx, calendar.id, welcomeGift, new Date());
    const [contribution] = await tx
      .insert(contributions)
      .values({ id: randomUUID(), ...base, giftAmount, status: 'pending_payment' })
      .onConflictDoNothing({ target: contributions.idempotencyKey })
      .returning();
    if (!contribution) return undefined;
    const [payment] = await tx
      .insert(payments)
      .values({
        id: randomUUID(),
        calendarId: calendar.id,
        purpose: 'gift',
        provider: context.payments.name,
        amount: giftAmount,
        currency: calendar.currency,
        status: 'pending',
        method: method.type,
        // Its own namespace: a gift key can never meet a fee payment's key.
        idempotencyKey: `gift:${input.idempotencyKey}`,
        clientKey: clientKey ?? null,
      })
      .returning();
    await tx.update(contributions).set({ paymentId: payment!.id }).where(eq(contributions.id, contribution.id));
    return { contribution, payment: payment! };
  });
  if (!claimed) {
    const existing = (await findContributionByKey(context, input.idempotencyKey))!;
    return answerExistingContribution(context, calendar, existing, method);
  }
  const answer = await callProvider(context, claimed.payment, method);
  return toContributionResponse(context, claimed.contribution.id, answer);
}

async function toContributionResponse(
  context: AppContext,
  contributionId: string,
  answer: { row: PaymentRow; clientSecret?: string },
): Promise<ContributionResponse> {
  const [current] = await context.db
    .select({ status: contributions.status })
    .from(contributions)
    .where(eq(contributions.id, contributionId));
  return { contributionId, status: current?.status ?? 'pending_payment', payment: toPayResponse(answer) };
}
