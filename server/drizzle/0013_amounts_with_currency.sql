-- Issue 14: amounts are integer minor units named `amount` / `<what>_amount`, with their currency
-- beside them in every table. Columns are renamed in place, so their data stays.
ALTER TABLE "payments" RENAME COLUMN "amount_cents" TO "amount";--> statement-breakpoint
ALTER TABLE "payouts" RENAME COLUMN "amount_cents" TO "amount";--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME COLUMN "amount_cents" TO "amount";--> statement-breakpoint
ALTER TABLE "sandbox_charges" RENAME COLUMN "amount_cents" TO "amount";--> statement-breakpoint
ALTER TABLE "sandbox_transfers" RENAME COLUMN "amount_cents" TO "amount";--> statement-breakpoint
ALTER TABLE "sandbox_refunds" RENAME COLUMN "amount_cents" TO "amount";--> statement-breakpoint
-- A refund is in its charge's currency.
ALTER TABLE "sandbox_refunds" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "sandbox_refunds" SET "currency" = coalesce(
  (SELECT "sandbox_charges"."currency" FROM "sandbox_charges" WHERE "sandbox_charges"."id" = "sandbox_refunds"."charge_id"),
  'usd'
);--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
-- The index predicate on gift_cents follows the rename on its own.
ALTER TABLE "contributions" RENAME COLUMN "gift_cents" TO "gift_amount";--> statement-breakpoint
-- A contribution is in its calendar's currency (fixed once the calendar's fee is paid).
ALTER TABLE "contributions" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "contributions" SET "currency" = "calendars"."currency" FROM "calendars" WHERE "calendars"."id" = "contributions"."calendar_id";--> statement-breakpoint
ALTER TABLE "contributions" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_currency_check" CHECK ("currency" IN ('usd', 'eur', 'gbp'));--> statement-breakpoint
-- Savings goals so far were typed in dollars (the Settings form's '$').
ALTER TABLE "user_profiles" RENAME COLUMN "savings_goal_cents" TO "savings_goal_amount";--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "savings_goal_currency" text;--> statement-breakpoint
UPDATE "user_profiles" SET "savings_goal_currency" = 'usd' WHERE "savings_goal_amount" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_savings_goal_currency_check" CHECK ("savings_goal_currency" IN ('usd', 'eur', 'gbp'));--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_savings_goal_check" CHECK (("savings_goal_amount" IS NULL) = ("savings_goal_currency" IS NULL));
