import { PAYOUT_HOLD_HOURS } from '@firstday/common/announcements';
import { SITE } from '@firstday/common/site';
import { formatUtcDateTime } from '../payments/payout-hold.ts';
import { type Email, renderEmail } from './layout.ts';

/** Always sent (transactional) when the payout bank account of an account or a calendar changes. */
export function createPayoutIbanChangedEmail(input: {
  appUrl: string;
  name: string;
  /** Undefined: the account's IBAN; otherwise the calendar whose IBAN changed. */
  calendarTitle?: string;
  previousMasked: string | null;
  newMasked: string;
  changedAt: Date;
  /** A paid calendar's payout waits until then (payments/payout-hold.ts). */
  heldUntil?: Date;
}): Promise<Email> {
  const when = formatUtcDateTime(input.changedAt);
  const fromTo = input.previousMasked ? `from ${input.previousMasked} to ${input.newMasked}` : `to ${input.newMasked}`;
  const what =
    input.calendarTitle === undefined
      ? `The bank account in your account settings was changed ${fromTo} on ${when}. New calendars are paid out to it.`
      : `The bank account the gifts of “${input.calendarTitle}” are paid out to was changed ${fromTo} on ${when}.`;
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'The bank account for your payouts was changed',
    heading: 'Your payout bank account was changed',
    paragraphs: [
      `Hello ${input.name},`,
      what,
      ...(input.heldUntil
        ? [
            `For your safety, this calendar's payout waits until ${formatUtcDateTime(input.heldUntil)}, ${PAYOUT_HOLD_HOURS} hours after the change.`,
          ]
        : []),
      `If this wasn't you, someone else is using your account: reset your password now (if you sign in with another provider, secure that account) and write to support at ${SITE.supportEmail}, so we can stop the payout.`,
      'If it was you, there is nothing to do.',
    ],
    action: { label: 'Reset your password', url: `${input.appUrl}/passwordrecovery` },
    footer: ['We always send this e-mail when the bank details of your Firstday account change.'],
  });
}
