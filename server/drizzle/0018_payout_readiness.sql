ALTER TABLE "calendars" ADD COLUMN "payout_recipient_past_due" text[];--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "payout_recipient_disabled_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "payouts_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "currently_due" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "past_due" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "disabled_reason" text;