import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { user } from '../auth/schema.ts';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import type { PayoutRecipient, PayoutRecipientRequest, PayoutTermsAcceptance } from './payment-provider.ts';

type RecipientContext = Pick<AppContext, 'db' | 'env' | 'logger' | 'payments'>;

/**
 * The payout terms accepted by the request that saves an IBAN. Null without the client's address
 * (only in-process test requests have none): Stripe then lists the terms as still due.
 */
export function readPayoutTermsAcceptance(c: Context, trustProxy: number): PayoutTermsAcceptance | null {
  const ip = getClientIp(c, trustProxy);
  if (ip === 'unknown') return null;
  return { acceptedAt: new Date().toISOString(), ip, userAgent: c.req.header('user-agent') ?? '' };
}

/**
 * Makes (or re-reads) the payout recipient of the calendar's current IBAN at the provider, and
 * records it with what the provider still asks for. Idempotent: the key follows from the calendar
 * and the IBAN, so concurrent and repeated calls meet the same recipient; the record only lands
 * while the calendar still has the IBAN it was made for.
 */
export async function ensurePayoutRecipient(context: RecipientContext, calendar: CalendarRow): Promise<string> {
  const { ibanEncrypted } = calendar;
  if (!ibanEncrypted) throw new Error('the calendar has no bank account');
  const [owner] = await context.db.select({ email: user.email }).from(user).where(eq(user.id, calendar.ownerId));
  if (!owner) throw new Error('the calendar has no owner');
  const bankAccount = createSecretBox(context.env.APP_SECRETS, 'iban').open(ibanEncrypted);
  const details = {
    bankAccount,
    currency: calendar.currency,
    firstName: calendar.firstName,
    lastName: calendar.lastName,
    email: owner.email,
    profileUrl: `${context.env.APP_URL}/c/${calendar.slug}`,
    termsAcceptance: calendar.payoutTermsAcceptance,
    metadata: { calendarId: calendar.id },
  };
  const recipient = await context.payments.preparePayoutRecipient({
    ...details,
    reference: calendar.payoutRecipientRef ?? undefined,
    idempotencyKey: getPayoutRecipientKey(context.env.APP_SECRET, calendar.id, details),
  });
  const recorded = await context.db
    .update(calendars)
    .set({ payoutRecipientRef: recipient.reference, ...toRecipientColumns(recipient) })
    .where(and(eq(calendars.id, calendar.id), eq(calendars.ibanEncrypted, ibanEncrypted)))
    .returning({ id: calendars.id });
  if (recorded.length === 0) throw new Error('the IBAN changed while its payout recipient was being made');
  if (!recipient.payoutsEnabled) {
    // Stripe verifies new accounts in the background; a payout waits (pending) until it may go out.
    context.logger.info(
      { calendarId: calendar.id, requirementsDue: recipient.requirementsDue },
      'payout recipient cannot receive payouts yet',
    );
  }
  return recipient.reference;
}

/** The calendar's columns that keep what the provider last reported about its recipient. */
function toRecipientColumns(recipient: PayoutRecipient) {
  return {
    payoutRecipientPayoutsEnabled: recipient.payoutsEnabled,
    payoutRecipientRequirements: recipient.requirementsDue,
    payoutRecipientPastDue: recipient.requirementsPastDue,
    payoutRecipientDisabledReason: recipient.disabledReason,
  };
}

/**
 * Records the recipient as the provider reports it now (Stripe's `account.updated`, the return from
 * onboarding) on the calendar that still pays out to it; undefined when none does any more (the
 * bank account changed since).
 */
export async function recordPayoutRecipientState(
  context: Pick<AppContext, 'db'>,
  recipient: PayoutRecipient,
): Promise<CalendarRow | undefined> {
  const [calendar] = await context.db
    .update(calendars)
    .set(toRecipientColumns(recipient))
    .where(eq(calendars.payoutRecipientRef, recipient.reference))
    .returning();
  return calendar;
}

/**
 * The background job (lib/jobs) that makes a calendar's payout recipient, key = the calendar's id:
 * queued once a calendar is paid for (its wizard IBAN) or when a paid calendar's IBAN changes, so
 * a provider outage neither fails nor slows the request. Drafts get none, so an abandoned wizard
 * never opens an account at the provider. If it keeps failing, the payout makes it.
 */
export const PREPARE_PAYOUT_RECIPIENT_JOB = 'prepare-payout-recipient';

export async function preparePayoutRecipient(context: RecipientContext, calendarId: string): Promise<void> {
  const [calendar] = await context.db.select().from(calendars).where(eq(calendars.id, calendarId));
  if (calendar?.ibanEncrypted && calendar.status !== 'draft') await ensurePayoutRecipient(context, calendar);
}

/**
 * `payout-recipient:<calendarId>:<fingerprint>`, the fingerprint a keyed hash (it never reveals the
 * IBAN) of everything the recipient is made from, not the IBAN alone: Stripe refuses a key used
 * again with other parameters (`idempotency_error`) for 24 hours, so a name or e-mail changed after
 * an attempt whose answer was lost must come with a key of its own, or the payout would stall.
 * Repeated and concurrent calls with the same details still share one key, hence one account.
 */
function getPayoutRecipientKey(
  appSecret: string,
  calendarId: string,
  details: Omit<PayoutRecipientRequest, 'reference' | 'idempotencyKey'>,
): string {
  const fingerprint = createHmac('sha256', appSecret)
    .update(`payout-recipient:${JSON.stringify(details)}`)
    .digest('hex');
  return `payout-recipient:${calendarId}:${fingerprint.slice(0, 20)}`;
}
