import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';
import { images } from '../images/schema.ts';
import type { PayoutTermsAcceptance } from '../payments/payment-provider.ts';

export const calendars = pgTable(
  'calendars',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The share link /c/<slug>: 12 random base-62 characters. */
    slug: text('slug').notNull().unique(),
    status: text('status', { enum: ['draft', 'active', 'announced', 'paid_out'] })
      .notNull()
      .default('draft'),
    /** The owner's own name for it; null for the automatic one, worded per reader (calendar-title.ts). */
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    background: text('background', { enum: ['pink', 'blue', 'sun'] })
      .notNull()
      .default('pink'),
    /** The money of the fee, the gifts and the payout; editable until the fee is paid. Old calendars: USD. */
    currency: text('currency', { enum: ['usd', 'eur', 'gbp'] })
      .notNull()
      .default('usd'),
    /** AES-256-GCM (lib/secret-box.ts), like the account's IBAN. */
    ibanEncrypted: text('iban_encrypted'),
    ibanMasked: text('iban_masked'),
    /**
     * When the IBAN of a paid calendar was last replaced: its payout waits 24 hours from then, so
     * the owner (told by e-mail at once) can stop a redirected payout.
     */
    ibanChangedAt: timestamp('iban_changed_at', { withTimezone: true }),
    /** Recorded by the request that saved the IBAN, so a recipient made later still carries it. */
    payoutTermsAcceptance: jsonb('payout_terms_acceptance').$type<PayoutTermsAcceptance>(),
    /**
     * The payment provider's payout recipient for the current IBAN (Stripe: the connected account
     * 'acct_…'); null until made, and again when the IBAN changes.
     */
    payoutRecipientRef: text('payout_recipient_ref'),
    /** As last read from the provider: can it pay out, and what does it still ask for (KYC)? */
    payoutRecipientPayoutsEnabled: boolean('payout_recipient_payouts_enabled'),
    payoutRecipientRequirements: text('payout_recipient_requirements').array(),
    /** Of those, what is overdue and blocks payouts now (Stripe's `requirements.past_due`). */
    payoutRecipientPastDue: text('payout_recipient_past_due').array(),
    /** Why the provider does not pay out (Stripe's `requirements.disabled_reason`, e.g. 'rejected.other'). */
    payoutRecipientDisabledReason: text('payout_recipient_disabled_reason'),
    /** The parents' page: a cover photo and a short note shown to guests. */
    coverImageId: uuid('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    parentsNote: text('parents_note'),
    /** Guessing for fun beside the date (never a prize): the time of birth and the weight. */
    guessTime: boolean('guess_time').notNull().default(false),
    guessWeight: boolean('guess_weight').notNull().default(false),
    hideSenderNames: boolean('hide_sender_names').notNull().default(false),
    hideTotal: boolean('hide_total').notNull().default(true),
    /**
     * Chosen in advance by the parents: what happens to the gifts when the birth is never announced
     * and the calendar is ended for them (docs/decisions/026-holding-limit-schedule.md).
     */
    giftsIfNotAnnounced: text('gifts_if_not_announced', { enum: ['pay_out', 'refund'] })
      .notNull()
      .default('pay_out'),
    wizardStep: integer('wizard_step').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (table) => [index('calendars_owner_idx').on(table.ownerId, table.createdAt)],
);
