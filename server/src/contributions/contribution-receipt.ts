import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { calendars } from '../calendars/schema.ts';
import { createContributionReceiptEmail } from '../emails/contributions.ts';
import { describePaymentMethod } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
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

/**
 * Queues the contributor's receipt with a fresh private edit link; only the token's hash is
 * stored. Runs once per contribution, in the transaction that confirms it (dedupe key as a guard).
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
  const token = randomBytes(32).toString('base64url');
  await db
    .update(contributions)
    .set({ editTokenHash: hashEditToken(token) })
    .where(eq(contributions.id, contribution.id));
  return enqueueMail(db, {
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
  });
}
