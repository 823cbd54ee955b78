import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { calendars } from '../calendars/schema.ts';
import { createContributionReceiptEmail } from '../emails/contributions.ts';
import { describePaymentMethod } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import { enqueueMail, type OutgoingMail } from '../lib/mail/outbox.ts';
import { type ContributionRow, contributions } from './schema.ts';

export function hashEditToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of a presented token with the stored hash. */
export function matchesEditToken(token: string, storedHash: string | null): boolean {
  if (!storedHash || !token) return false;
  const given = Buffer.from(hashEditToken(token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The receipt's outbox key: one receipt per contribution. */
export function getReceiptDedupeKey(contributionId: string): string {
  return `contribution-receipt:${contributionId}`;
}

/** A fresh private edit link's token, and the hash that is all we store of it. */
export function createEditToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEditToken(token) };
}

/** What the receipt shows of the calendar. */
export type ReceiptCalendar = Pick<CalendarRow, 'slug' | 'title' | 'firstName' | 'background' | 'currency'>;

/** The contributor's receipt with its private edit link (`token`, whose hash the caller stores). */
export async function createContributionReceipt(
  appUrl: string,
  contribution: Pick<
    ContributionRow,
    'id' | 'email' | 'locale' | 'name' | 'guessedDate' | 'wish' | 'giftAmount' | 'updatedAt'
  >,
  calendar: ReceiptCalendar,
  token: string,
  payment?: { cardLast4: string | null; wallet?: string },
): Promise<OutgoingMail> {
  return {
    to: contribution.email,
    dedupeKey: getReceiptDedupeKey(contribution.id),
    ...(await createContributionReceiptEmail({
      appUrl,
      locale: contribution.locale,
      name: contribution.name,
      calendar: {
        title: getCalendarTitle(calendar, contribution.locale),
        background: calendar.background,
        currency: calendar.currency,
      },
      guessedDate: contribution.guessedDate,
      wish: contribution.wish,
      gift: contribution.giftAmount
        ? {
            amount: contribution.giftAmount,
            paidWith: describePaymentMethod(
              { wallet: payment?.wallet, cardLast4: payment?.cardLast4 ?? null },
              contribution.locale,
            ),
            paidOn: contribution.updatedAt.toISOString().slice(0, 10),
          }
        : undefined,
      editUrl: `${appUrl}/c/${calendar.slug}/edit/${contribution.id}?token=${token}`,
    })),
  };
}

/**
 * Queues the contributor's receipt with a fresh private edit link; only the token's hash is
 * stored. Runs once per contribution, in the transaction that confirms it (dedupe key as a guard).
 * A gift's confirmation writes the hash with its status and queues the receipt with the parents'
 * e-mail instead (gift-payments.ts).
 */
export async function enqueueContributionReceipt(
  db: Db,
  appUrl: string,
  contribution: ContributionRow,
  payment?: { cardLast4: string | null; wallet?: string },
): Promise<boolean> {
  const [calendar] = await db
    .select({
      slug: calendars.slug,
      title: calendars.title,
      firstName: calendars.firstName,
      background: calendars.background,
      currency: calendars.currency,
    })
    .from(calendars)
    .where(eq(calendars.id, contribution.calendarId));
  if (!calendar) return false;
  const { token, hash } = createEditToken();
  await db.update(contributions).set({ editTokenHash: hash }).where(eq(contributions.id, contribution.id));
  return enqueueMail(db, await createContributionReceipt(appUrl, contribution, calendar, token, payment));
}
