import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Captcha values already used, shared by every server so each works once (captcha.ts): a row per
 * value (`value:` and the SHA-256 of what the client sent, with the submission that used it and
 * the verification's answer, null while it runs) and per solved ALTCHA challenge (`altcha:` and
 * its nonce, however the payload is encoded). A row is void after `expires_at`.
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    key: text('key').primaryKey(),
    submission: text('submission'),
    verified: boolean('verified'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('captcha_solutions_expires_at_idx').on(table.expiresAt)],
);
