CREATE TABLE "sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "payout_terms_acceptance" jsonb;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "payout_recipient_ref" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "payout_recipient_payouts_enabled" boolean;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "payout_recipient_requirements" text[];