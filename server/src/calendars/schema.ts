import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';

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
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    background: text('background', { enum: ['pink', 'blue', 'sun'] })
      .notNull()
      .default('pink'),
    /** AES-256-GCM (lib/secret-box.ts), like the account's IBAN. */
    ibanEncrypted: text('iban_encrypted'),
    ibanMasked: text('iban_masked'),
    hideSenderNames: boolean('hide_sender_names').notNull().default(false),
    hideTotal: boolean('hide_total').notNull().default(true),
    wizardStep: integer('wizard_step').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (table) => [index('calendars_owner_idx').on(table.ownerId, table.createdAt)],
);
