import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { renderEmail } from '../lib/mail/render.ts';
import { type ContributionRow, contributions } from './schema.ts';

const WALLET_NAMES: Record<string, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };

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

export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
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
    .select({ slug: calendars.slug, title: calendars.title, firstName: calendars.firstName })
    .from(calendars)
    .where(eq(calendars.id, contribution.calendarId));
  if (!calendar) return false;
  const token = randomBytes(32).toString('base64url');
  await db
    .update(contributions)
    .set({ editTokenHash: hashEditToken(token) })
    .where(eq(contributions.id, contribution.id));
  const title = calendar.title ?? `${calendar.firstName}'s calendar`;
  const editUrl = `${appUrl}/c/${calendar.slug}/edit/${contribution.id}?token=${token}`;
  const gift = contribution.giftCents
    ? [
        `Your gift: ${formatDollars(contribution.giftCents)}, paid with ${describePayment(payment)} on ${formatLongDate(contribution.updatedAt.toISOString().slice(0, 10))}. This e-mail is your receipt; the whole amount goes to the parents (Firstday takes no fee from gifts).`,
      ]
    : [];
  return enqueueMail(db, {
    to: contribution.email,
    dedupeKey: `contribution-receipt:${contribution.id}`,
    subject: contribution.giftCents ? 'Thank you for your wish and your gift' : 'Thank you for your wish',
    ...renderEmail({
      heading: 'Thank you for your wish',
      paragraphs: [
        `Hello ${contribution.name},`,
        `Your guess and wish are on “${title}”.`,
        `Your guess: ${formatLongDate(contribution.guessedDate)}`,
        `Your wish: ${contribution.wish}`,
        ...gift,
        'You can change your guess or your wish until the birth is announced. Keep this link to yourself: anyone with it can edit your wish.',
      ],
      action: { label: 'Change my guess or wish', url: editUrl },
      footer: ['You get this e-mail because you left a wish on a Firstday calendar.'],
    }),
  });
}

function describePayment(payment?: { cardLast4: string | null; wallet?: string }): string {
  if (payment?.wallet) return WALLET_NAMES[payment.wallet] ?? 'a digital wallet';
  if (payment?.cardLast4) return `card ending in ${payment.cardLast4}`;
  return 'card';
}

/**
 * The contribution side of a gift payment's transition (called inside `applyProviderState`'s
 * transaction): succeeded → confirmed + receipt; failed → failed (never public). A charge reported
 * as taken after we had marked it failed is recorded too: money is never silently dropped.
 * Returns the calendar to invalidate and whether mail was queued.
 */
export async function applyGiftPaymentOutcome(
  db: Db,
  appUrl: string,
  payment: { id: string; status: string; cardLast4: string | null },
  wallet?: string,
): Promise<{ calendarId?: string; mailQueued: boolean }> {
  if (payment.status === 'succeeded') {
    const [confirmed] = await db
      .update(contributions)
      .set({ status: 'confirmed', updatedAt: new Date() })
      .where(and(eq(contributions.paymentId, payment.id), inArray(contributions.status, ['pending_payment', 'failed'])))
      .returning();
    if (!confirmed) return { mailQueued: false };
    const mailQueued = await enqueueContributionReceipt(db, appUrl, confirmed, {
      cardLast4: payment.cardLast4,
      wallet,
    });
    return { calendarId: confirmed.calendarId, mailQueued };
  }
  if (payment.status === 'failed') {
    const [failed] = await db
      .update(contributions)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(and(eq(contributions.paymentId, payment.id), eq(contributions.status, 'pending_payment')))
      .returning({ calendarId: contributions.calendarId });
    return { calendarId: failed?.calendarId, mailQueued: false };
  }
  return { mailQueued: false };
}
