import { PAYOUT_HOLD_HOURS } from '@firstday/common/announcements';
import type { CalendarStatus } from '@firstday/common/calendars';
import { SITE } from '@firstday/common/site';
import type { AppContext } from '../app-context.ts';
import { requireRecentAuthentication } from '../auth/recent-authentication.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { renderEmail } from '../lib/mail/render.ts';
import type { createSecretBox } from '../lib/secret-box.ts';
import { formatUtcDateTime } from '../payments/payout-hold.ts';

type SecretBox = ReturnType<typeof createSecretBox>;

/** Where a payout IBAN is kept: the account's (copied into new calendars) or one calendar's. */
export type PayoutIbanOwner = { kind: 'account' } | { kind: 'calendar'; status: CalendarStatus; title: string };

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
export function enqueuePayoutIbanChangedMail(
  db: Db,
  env: Pick<Env, 'APP_URL'>,
  change: {
    to: { email: string; name: string };
    owner: PayoutIbanOwner;
    previousMasked: string | null;
    newMasked: string;
    changedAt: Date;
    /** A paid calendar's payout waits until then (payments/payout-hold.ts). */
    heldUntil?: Date;
  },
): Promise<boolean> {
  const { owner, previousMasked, newMasked, heldUntil } = change;
  const when = formatUtcDateTime(change.changedAt);
  const fromTo = previousMasked ? `from ${previousMasked} to ${newMasked}` : `to ${newMasked}`;
  const what =
    owner.kind === 'account'
      ? `The bank account in your account settings was changed ${fromTo} on ${when}. New calendars are paid out to it.`
      : `The bank account the gifts of “${owner.title}” are paid out to was changed ${fromTo} on ${when}.`;
  return enqueueMail(db, {
    to: change.to.email,
    subject: 'The bank account for your payouts was changed',
    ...renderEmail({
      heading: 'Your payout bank account was changed',
      paragraphs: [
        `Hello ${change.to.name},`,
        what,
        ...(heldUntil
          ? [
              `For your safety, this calendar's payout waits until ${formatUtcDateTime(heldUntil)}, ${PAYOUT_HOLD_HOURS} hours after the change.`,
            ]
          : []),
        `If this wasn't you, someone else is using your account: reset your password now (if you sign in with another provider, secure that account) and write to support at ${SITE.supportEmail}, so we can stop the payout.`,
        'If it was you, there is nothing to do.',
      ],
      action: { label: 'Reset your password', url: `${env.APP_URL}/passwordrecovery` },
      footer: ['We always send this e-mail when the bank details of your Firstday account change.'],
    }),
  });
}
