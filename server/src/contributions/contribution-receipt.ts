import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { userProfiles } from '../account/schema.ts';
import { user } from '../auth/schema.ts';
import { getCalendarTitle } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { createContributionReceiptEmail, createGiftNotificationEmail } from '../emails/contributions.ts';
import { describePaymentMethod } from '../emails/payments.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { type ContributionRow, contributions } from './schema.ts';

type MailEnv = Pick<Env, 'APP_URL' | 'APP_SECRET'>;

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
    dedupeKey: `contribution-receipt:${contribution.id}`,
    ...(await createContributionReceiptEmail({
      appUrl,
      name: contribution.name,
      calendar: { title: getCalendarTitle(calendar), background: calendar.background },
      guessedDate: contribution.guessedDate,
      wish: contribution.wish,
      gift: contribution.giftCents
        ? {
            cents: contribution.giftCents,
            paidWith: describePaymentMethod({ wallet: payment?.wallet, cardLast4: payment?.cardLast4 ?? null }),
            paidOn: contribution.updatedAt.toISOString().slice(0, 10),
          }
        : undefined,
      editUrl: `${appUrl}/c/${calendar.slug}/edit/${contribution.id}?token=${token}`,
    })),
  });
}

/**
 * Tells the creator of a paid gift at once ('Tom sent $35 and a wish'), unless they turned gift
 * e-mails off in their settings. Once per contribution (dedupe key), in the transaction that
 * confirms the gift; the hourly digest (wish-digest.ts) leaves wishes with a gift out.
 */
async function enqueueGiftNotification(db: Db, env: MailEnv, gift: ContributionRow): Promise<boolean> {
  if (!gift.giftCents) return false;
  const [owner] = await db
    .select({
      email: user.email,
      name: user.name,
      giftNotifications: userProfiles.giftNotifications,
      title: calendars.title,
      firstName: calendars.firstName,
      background: calendars.background,
    })
    .from(calendars)
    .innerJoin(user, eq(user.id, calendars.ownerId))
    .leftJoin(userProfiles, eq(userProfiles.userId, calendars.ownerId))
    .where(eq(calendars.id, gift.calendarId));
  // Without a profile row the owner has the default, which is on.
  if (!owner || owner.giftNotifications === false) return false;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `gift-notification:${gift.id}`,
    suppressible: true,
    ...(await createGiftNotificationEmail({
      appUrl: env.APP_URL,
      name: owner.name,
      calendar: { title: getCalendarTitle(owner), background: owner.background },
      gift: { senderName: gift.name, cents: gift.giftCents, guessedDate: gift.guessedDate, wish: gift.wish },
      unsubscribeUrl: createUnsubscribeUrl(env, owner.email),
    })),
  });
}

/**
 * The contribution side of a gift payment's transition (called inside `applyProviderState`'s
 * transaction): succeeded → confirmed + receipt + the creator's gift e-mail; failed → failed (never public). A charge reported
 * as taken after we had marked it failed is recorded too: money is never silently dropped.
 * Returns the calendar to invalidate and whether mail was queued.
 */
export async function applyGiftPaymentOutcome(
  db: Db,
  env: MailEnv,
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
    const receiptQueued = await enqueueContributionReceipt(db, env.APP_URL, confirmed, {
      cardLast4: payment.cardLast4,
      wallet,
    });
    const notificationQueued = await enqueueGiftNotification(db, env, confirmed);
    return { calendarId: confirmed.calendarId, mailQueued: receiptQueued || notificationQueued };
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
