import type { CalendarStatus } from '@firstday/common/calendars';
import type { AppContext } from '../app-context.ts';
import { requireRecentAuthentication } from '../auth/recent-authentication.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { createPayoutIbanChangedEmail } from '../emails/account.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { getAccountLocale } from './account-locale.ts';

/** Where a payout IBAN is kept: the account's (copied into new calendars) or one calendar's. */
export type PayoutIbanOwner =
  | { kind: 'account' }
  | { kind: 'calendar'; status: CalendarStatus; names: { title: string | null; firstName: string } };

/** The request asking for the change: its headers, session and the password it confirms with. */
export type ChangeRequest = {
  headers: Headers;
  signedIn: Parameters<typeof requireRecentAuthentication>[2];
  password: string | undefined;
};

/** The IBAN to save when `iban` differs from the one sealed in `currentEncrypted`; the same IBAN again is no change. */
export function findNewIban(
  box: SecretBox,
  currentEncrypted: string | null | undefined,
  iban: string | undefined,
): string | undefined {
  if (!iban) return undefined;
  return currentEncrypted && box.open(currentEncrypted) === iban ? undefined : iban;
}

/**
 * A new IBAN where money is (or will be) paid out from needs the password or a fresh sign-in: the
 * account's (every new calendar starts with it) and a paid calendar's. A draft's does not: it holds
 * no money, the wizard sets its IBAN in step 1, and its owner is e-mailed all the same.
 */
export function requiresConfirmation(owner: PayoutIbanOwner): boolean {
  return owner.kind === 'account' || owner.status !== 'draft';
}

/**
 * The gate both routes that save a payout IBAN pass before saving anything: returns the new IBAN
 * (undefined when unchanged) once the change is confirmed, and throws the confirmation's AppError
 * (400 `fields.password`, 403 `reauthentication_required`, 429) otherwise. `alsoConfirms`: the
 * same request makes another change that needs the same confirmation (a new e-mail address).
 */
export async function authorizePayoutIbanChange(
  context: Pick<AppContext, 'db' | 'auth' | 'throttles'>,
  box: SecretBox,
  request: ChangeRequest,
  change: { owner: PayoutIbanOwner; currentEncrypted: string | null | undefined; iban: string | undefined },
  options: { alsoConfirms?: boolean } = {},
): Promise<string | undefined> {
  const newIban = findNewIban(box, change.currentEncrypted, change.iban);
  if ((newIban && requiresConfirmation(change.owner)) || options.alsoConfirms) {
    await requireRecentAuthentication(context, request.headers, request.signedIn, request.password);
  }
  return newIban;
}

/**
 * Tells the account's owner at once, at the address the account has now (a new address waiting
 * for its confirmation does not count), that the payout bank account changed: transactional, never
 * suppressed. Called in the transaction that saves the IBAN.
 */
export async function enqueuePayoutIbanChangedMail(
  db: Db,
  env: Pick<Env, 'APP_URL'>,
  change: {
    to: { id: string; email: string; name: string };
    owner: PayoutIbanOwner;
    previousMasked: string | null;
    newMasked: string;
    changedAt: Date;
    /** A paid calendar's payout waits until then (payments/payout-hold.ts). */
    heldUntil?: Date;
  },
): Promise<boolean> {
  const { to, owner, ...details } = change;
  const locale = await getAccountLocale(db, to.id);
  return enqueueMail(db, {
    to: to.email,
    ...(await createPayoutIbanChangedEmail({
      appUrl: env.APP_URL,
      locale,
      name: to.name,
      calendarTitle: owner.kind === 'calendar' ? getCalendarTitle(owner.names, locale) : undefined,
      ...details,
    })),
  });
}
