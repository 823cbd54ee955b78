// What the forms' schemas use that the web app needs apart from them: the lengths its validation
// messages are worded with (web/src/lib/validation-messages.ts, which every field of every page
// uses), the wizard's step count, the thank-you notes' name marker and the payout's hold. Importing
// one of these must not evaluate zod and every schema on a page that shows a form but checks
// nothing until it is sent (decisions 036, 037).

/** RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const PARENTS_NOTE_MAX_LENGTH = 500;
export const THANK_YOU_MAX_LENGTH = 2000;
export const THANK_YOU_NOTE_MAX_LENGTH = 2000;

/** Wizard steps: 1 names + IBAN, 2 date + background, 3 plan, 4 payment, 5 welcome. */
export const WIZARD_STEPS = 5;

/** In a note to everyone, `{name}` becomes each participant's name. */
export const THANK_YOU_NAME_PLACEHOLDER = '{name}';

/**
 * A calendar's payout waits this long after its IBAN was replaced, so the owner, told by e-mail at
 * once, can stop a payout redirected by someone else.
 */
export const PAYOUT_HOLD_HOURS = 24;
