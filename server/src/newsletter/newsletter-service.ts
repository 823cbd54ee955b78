import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import { eq } from 'drizzle-orm';
import { createNewsletterConfirmationEmail } from '../emails/newsletter.ts';
import type { Db } from '../lib/db.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { createSignedToken, readSignedToken } from '../lib/signed-token.ts';
import { newsletterSubscribers } from './schema.ts';

type LinkContext = { db: Db; appUrl: string; secrets: readonly string[] };

const CONFIRM = 'newsletter-confirm';
const UNSUBSCRIBE = 'newsletter-unsubscribe';

/**
 * Stores the address once and queues one confirmation e-mail for it. A repeated subscribe of the
 * same address changes nothing and sends nothing, so the answer never tells whether it was known.
 */
export async function subscribe(context: LinkContext, email: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({ id: randomUUID(), email })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    if (!created) return;
    const confirmUrl = `${context.appUrl}/api/emails/confirm?token=${createSignedToken(context.secrets, CONFIRM, created.id)}`;
    const unsubscribeUrl = getUnsubscribeUrl(context, created.id);
    await enqueueMail(tx, {
      to: email,
      dedupeKey: `newsletter-confirm:${created.id}`,
      ...(await createNewsletterConfirmationEmail({
        appUrl: context.appUrl,
        locale,
        confirmUrl,
        unsubscribeUrl,
      })),
    });
  });
}

export function getUnsubscribeUrl(context: Pick<LinkContext, 'appUrl' | 'secrets'>, subscriberId: string): string {
  return `${context.appUrl}/api/emails/unsubscribe?token=${createSignedToken(context.secrets, UNSUBSCRIBE, subscriberId)}`;
}

/** Returns false when the token is not genuine. Confirming an unsubscribed address keeps it unsubscribed. */
export async function confirmSubscription(context: LinkContext, token: string): Promise<boolean> {
  const id = readSignedToken(context.secrets, CONFIRM, token);
  if (!id) return false;
  const [row] = await context.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row) return false;
  if (row.status === 'pending') {
    await context.db
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: new Date() })
      .where(eq(newsletterSubscribers.id, id));
  }
  return true;
}

export async function unsubscribe(context: LinkContext, token: string): Promise<boolean> {
  const id = readSignedToken(context.secrets, UNSUBSCRIBE, token);
  if (!id) return false;
  const updated = await context.db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return updated.length > 0;
}
