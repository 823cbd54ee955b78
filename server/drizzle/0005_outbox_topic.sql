ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("topic");--> statement-breakpoint
-- Participant e-mails queued before the topic column: their dedupe key is '<topic>:<email>'.
UPDATE "mail_outbox" SET "topic" = split_part("dedupe_key", ':', 1) || ':' || split_part("dedupe_key", ':', 2)
WHERE "topic" IS NULL AND ("dedupe_key" LIKE 'celebration:%' OR "dedupe_key" LIKE 'notice:%');--> statement-breakpoint
-- Ledger lines for payments that moved before the ledger existed (same transaction ids as
-- server/src/payments/ledger.ts, so rows already written are left alone).
INSERT INTO "ledger_entries" ("id", "transaction_id", "account", "amount_cents", "currency", "calendar_id")
SELECT gen_random_uuid(), 'payment:' || p."id" || ':succeeded', line.account, line.amount, p."currency", p."calendar_id"
FROM "payments" p
CROSS JOIN LATERAL (VALUES
  ('customer_funds', p."amount_cents"),
  (CASE WHEN p."purpose" = 'fee' THEN 'platform_revenue' ELSE 'calendar:' || coalesce(p."calendar_id"::text, 'deleted') END, -p."amount_cents")
) AS line(account, amount)
WHERE p."status" IN ('succeeded', 'refunded')
ON CONFLICT ("transaction_id", "account") DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_entries" ("id", "transaction_id", "account", "amount_cents", "currency", "calendar_id")
SELECT gen_random_uuid(), 'payment:' || p."id" || ':refunded', line.account, line.amount, p."currency", p."calendar_id"
FROM "payments" p
CROSS JOIN LATERAL (VALUES
  (CASE WHEN p."purpose" = 'fee' THEN 'platform_revenue' ELSE 'calendar:' || coalesce(p."calendar_id"::text, 'deleted') END, p."amount_cents"),
  ('customer_funds', -p."amount_cents")
) AS line(account, amount)
WHERE p."status" = 'refunded'
ON CONFLICT ("transaction_id", "account") DO NOTHING;
