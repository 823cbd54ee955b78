/**
 * How long Firstday keeps each kind of personal data, and why (docs/decisions/028-retention-schedule.md).
 * Plain data: the server's daily retention job (server/src/privacy/retention-job.ts) applies the
 * periods below, and the privacy page's 'How long we keep data' must say the same.
 */

/** A length of time: whole days, months or years (months and years by the calendar). */
export type RetentionPeriod = { days: number } | { months: number } | { years: number };

export type RetentionRule = {
  id: string;
  /** The personal data, as `table.column`, or `table` for whole rows. */
  data: string[];
  /** Why it is kept at all. */
  why: string;
  /** How long it is kept after `from`; undefined: as long as `from` says. */
  keptFor?: RetentionPeriod;
  /** The moment the period starts, or the condition the data lives on. */
  from: string;
  /** What happens then. */
  afterwards: string;
};

/** Guests' e-mail addresses are kept this long after their calendar ended (the thank-you period). */
export const GUEST_CONTACT_RETENTION = { months: 12 } as const satisfies RetentionPeriod;
/** A declined gift's sender, wish and edit link are kept this long after the decline. */
export const DECLINED_CONTRIBUTION_RETENTION = { days: 7 } as const satisfies RetentionPeriod;
/** The delivery record of an e-mail (address, subject, outcome) after it was sent or given up. */
export const MAIL_LOG_RETENTION = { months: 12 } as const satisfies RetentionPeriod;
/** An account nobody signed in to for this long is deleted… */
export const INACTIVE_ACCOUNT_RETENTION = { years: 3 } as const satisfies RetentionPeriod;
/** …after a warning e-mail this many days before. */
export const INACTIVITY_WARNING_DAYS = 30;
/** An account whose address was never confirmed (it cannot sign in) is deleted this long after sign-up. */
export const UNVERIFIED_ACCOUNT_RETENTION = { days: 30 } as const satisfies RetentionPeriod;
/** A newsletter address never confirmed, or unsubscribed, is deleted this long after. */
export const NEWSLETTER_LEFTOVER_RETENTION = { days: 30 } as const satisfies RetentionPeriod;
/** The keyed hash of a payer's IP, kept to count card testing (decision 022). */
export const PAYMENT_CLIENT_KEY_RETENTION = { days: 7 } as const satisfies RetentionPeriod;
/** Payments, refunds and payouts: what tax and accounting law asks for. */
export const TRANSACTION_RETENTION = { years: 7 } as const satisfies RetentionPeriod;

export const RETENTION_SCHEDULE: readonly RetentionRule[] = [
  {
    id: 'account',
    data: [
      'user',
      'account',
      'account_activity',
      'user_profiles',
      'calendars',
      'images',
      'image_variants',
      'announcements',
      'thank_you_notes',
      'contributions.name',
      'contributions.wish',
    ],
    why: 'The parents’ account, calendars, photos and keepsake: the service itself. Guests’ names and wishes are part of the keepsake.',
    keptFor: INACTIVE_ACCOUNT_RETENTION,
    from: 'the last sign-in; or until the owner deletes the account',
    afterwards: `deleted, as by the owner (money settled first), after a warning e-mail ${INACTIVITY_WARNING_DAYS} days before`,
  },
  {
    id: 'unverified-account',
    data: ['user', 'pending_sign_ups'],
    why: 'A sign-up waits for its address to be confirmed.',
    keptFor: UNVERIFIED_ACCOUNT_RETENTION,
    from: 'the sign-up, when the address was never confirmed',
    afterwards: 'deleted',
  },
  {
    id: 'guest-contact',
    data: ['contributions.email', 'contributions.edit_token_hash'],
    why: 'Receipts, the edit link, the end-of-calendar e-mail and the parents’ thank-you notes.',
    keptFor: GUEST_CONTACT_RETENTION,
    from: 'the end of the calendar (its announcement or close, or the end of its welcome gifts)',
    afterwards: 'erased; the name, wish and gift stay in the parents’ keepsake',
  },
  {
    id: 'declined-contribution',
    data: ['contributions.name', 'contributions.email', 'contributions.wish', 'contributions.edit_token_hash'],
    why: 'A declined gift may be tried again with the same details.',
    keptFor: DECLINED_CONTRIBUTION_RETENTION,
    from: 'the decline (or the abandoned payment given up)',
    afterwards: 'erased; the row stays for the payment’s record',
  },
  {
    id: 'mail-body',
    data: ['mail_outbox.text', 'mail_outbox.html', 'mail_outbox.headers'],
    why: 'The e-mail must be sent, and retried until the mail server takes it.',
    from: 'until it is sent or given up',
    afterwards: 'erased (with the links and tokens in it)',
  },
  {
    id: 'mail-log',
    data: ['mail_outbox.to', 'mail_outbox.subject', 'mail_outbox.last_error'],
    why: 'Delivery records: which e-mails bounced, so the parents can reach a guest another way.',
    keptFor: MAIL_LOG_RETENTION,
    from: 'the sending',
    afterwards: 'deleted',
  },
  {
    id: 'unsubscribes',
    data: ['mail_suppressions'],
    why: 'An address that asked for no more celebrations, notices or digests must not get them.',
    from: 'while the objection stands',
    afterwards: 'deleted when the person asks us to',
  },
  {
    id: 'sessions',
    data: [
      'session',
      'verification',
      'pending_sign_ups',
      'captcha_solutions',
      'rate_limits',
      'auth_rate_limit',
      'failure_throttles',
    ],
    why: 'Keeping people signed in, confirming addresses and resetting passwords, and abuse limits (with IPs and browsers).',
    from: 'until they expire',
    afterwards: 'deleted',
  },
  {
    id: 'abuse-counters',
    data: ['payment_declines', 'payments.client_key'],
    why: 'Counting card testing (keyed hashes of IPs and cards, decision 022).',
    keptFor: PAYMENT_CLIENT_KEY_RETENTION,
    from: 'the attempt',
    afterwards: 'deleted',
  },
  {
    id: 'newsletter',
    data: ['newsletter_subscribers'],
    why: 'Sending the newsletter to whoever asked for it.',
    keptFor: NEWSLETTER_LEFTOVER_RETENTION,
    from: 'the unsubscribe, or the sign-up when never confirmed; else until unsubscribed',
    afterwards: 'deleted',
  },
  {
    id: 'transactions',
    data: [
      'payments.card_last4',
      'payments.payer_account_id',
      'payments.provider_ref',
      'payouts.provider_ref',
      'payouts.failure_reason',
      'sandbox_charges.card_last4',
      'sandbox_charges.metadata',
      'sandbox_transfers.destination',
      'sandbox_accounts.destination',
    ],
    why: 'Tax and accounting law.',
    keptFor: TRANSACTION_RETENTION,
    from: 'the payment',
    afterwards: 'personal fields removed; amounts, currencies, dates and statuses stay',
  },
];

/** The moment `period` before `now`: data older than it is past its time. */
export function getRetentionCutoff(now: Date, period: RetentionPeriod): Date {
  const cutoff = new Date(now);
  if ('days' in period) cutoff.setUTCDate(cutoff.getUTCDate() - period.days);
  else if ('months' in period) cutoff.setUTCMonth(cutoff.getUTCMonth() - period.months);
  else cutoff.setUTCFullYear(cutoff.getUTCFullYear() - period.years);
  return cutoff;
}

/** The periods as the privacy page's texts name them (`{guestMonths}` …): the page says what the job does. */
export const RETENTION_TEXT_VALUES = {
  inactiveYears: INACTIVE_ACCOUNT_RETENTION.years,
  warningDays: INACTIVITY_WARNING_DAYS,
  unverifiedDays: UNVERIFIED_ACCOUNT_RETENTION.days,
  guestMonths: GUEST_CONTACT_RETENTION.months,
  declinedDays: DECLINED_CONTRIBUTION_RETENTION.days,
  mailLogMonths: MAIL_LOG_RETENTION.months,
  transactionYears: TRANSACTION_RETENTION.years,
};
