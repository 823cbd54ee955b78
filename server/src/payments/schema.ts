import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { calendars } from '../calendars/schema.ts';

/**
 * Every money movement we ask a provider for. A row is written (status 'pending', with the
 * browser's idempotency key) before the provider is called, so a crash after the charge can be
 * repaired by reconciliation; only a webhook or reconciliation moves it to 'succeeded'.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    /** Kept (set null) when a calendar or account is deleted: transactions are kept 7 years. */
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['fee', 'gift'] }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The provider's id (sandbox 'sbx_…', Stripe 'pi_…'); null until the provider answered. */
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['pending', 'processing', 'succeeded', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    method: text('method', { enum: ['card', 'wallet', 'stripe'] }).notNull(),
    /** Only the last four digits of a card are ever stored. */
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * Who asked for the charge: a keyed hash of the client's IP (payment-guard.ts), so a decline the
     * provider reports later (a webhook) still counts against the address that tried.
     */
    clientKey: text('client_key'),
    /** The account that pays (the creation fee's payer); null for gifts, whose givers have none. */
    payerAccountId: text('payer_account_id'),
    /**
     * Set when a gift must go back to its sender: the calendar was closed with refunds, or the
     * charge landed after the calendar's end (its payout amount was already fixed).
     */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_ref_idx').on(table.provider, table.providerRef),
    // At most one live fee payment per calendar, whatever the idempotency keys: 20 parallel
    // 'Pay' clicks make one charge. A failed attempt does not block a retry.
    uniqueIndex('payments_one_live_fee_idx')
      .on(table.calendarId)
      .where(sql`purpose = 'fee' and status in ('pending', 'processing', 'succeeded')`),
    index('payments_status_idx').on(table.status, table.updatedAt),
    index('payments_refund_due_idx')
      .on(table.refundDueAt)
      .where(sql`refund_due_at is not null and status = 'succeeded'`),
  ],
);

/** Provider events already handled: a replayed webhook is a no-op. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** The sandbox processor's own ledger: it behaves like a card processor that survives restarts. */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['processing', 'succeeded', 'failed', 'refunded'] }).notNull(),
  failureCode: text('failure_code'),
  cardLast4: text('card_last4'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One payout per calendar (unique): the gift total sent to the calendar's IBAN. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    /** Kept (set null) when the calendar is deleted, like payments. */
    calendarId: uuid('calendar_id')
      .unique()
      .references(() => calendars.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** Sandbox: its transfer 'sbx_tr_…'. Stripe: the connected account 'acct_…' the gifts were sent to and paid out from. */
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_provider_ref_idx').on(table.provider, table.providerRef),
    index('payouts_status_idx').on(table.status, table.updatedAt),
  ],
);

/**
 * Double-entry ledger: each money movement is a transaction of lines whose amounts sum to zero
 * (debit positive, credit negative). `transaction_id` names the source event, so writing the same
 * movement twice is a no-op.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    transactionId: text('transaction_id').notNull(),
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_transaction_account_idx').on(table.transactionId, table.account),
    index('ledger_entries_account_idx').on(table.account),
  ],
);

/** The sandbox processor's transfers to bank accounts (payouts), settled later like its charges. */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** Only the masked IBAN: the sandbox needs no real account number. */
  destination: text('destination').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull(),
  failureReason: text('failure_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's payout recipients (Stripe's connected accounts), one per calendar and IBAN. */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  /** Derived from the idempotency key, so the same calendar and IBAN always give the same recipient. */
  id: text('id').primaryKey(),
  /** Only the masked IBAN, as for sandbox transfers. */
  destination: text('destination').notNull(),
  /**
   * Its identity check, as the sandbox onboarding page (test values) leaves it: like Stripe's
   * `payouts_enabled` and `requirements`. A new account is asked for the parent's identity but may
   * still be paid out until a test value asks for a document or rejects it.
   */
  payoutsEnabled: boolean('payouts_enabled').notNull().default(true),
  currentlyDue: text('currently_due').array().notNull().default(sql`'{}'::text[]`),
  pastDue: text('past_due').array().notNull().default(sql`'{}'::text[]`),
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's refunds, one per idempotency key. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  chargeId: text('charge_id').notNull(),
  /** The refunded charge's amount and currency. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Declined payment attempts, apart from the payments that went through: card testers are counted
 * per calendar, account, client and card (payment-guard.ts, decision 022). Only keyed hashes of the
 * client's IP and the card; rows are deleted after a week.
 */
export const paymentDeclines = pgTable(
  'payment_declines',
  {
    id: uuid('id').primaryKey(),
    /** One decline per payment: a webhook replayed or read again by reconciliation adds none. */
    paymentId: uuid('payment_id').notNull().unique(),
    purpose: text('purpose', { enum: ['fee', 'gift'] }).notNull(),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'cascade' }),
    /** The fee's payer (the calendar's owner); null for gifts, whose givers have no account. */
    accountId: text('account_id'),
    clientKey: text('client_key'),
    cardKey: text('card_key'),
    /** The provider's decline code ('card_declined', 'insufficient_funds', …), for the metrics. */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_declines_calendar_idx').on(table.calendarId, table.createdAt),
    index('payment_declines_account_idx').on(table.accountId, table.createdAt),
    index('payment_declines_client_idx').on(table.clientKey, table.createdAt),
    index('payment_declines_card_idx').on(table.cardKey, table.createdAt),
    index('payment_declines_created_idx').on(table.createdAt),
  ],
);
