ALTER TABLE "calendars" ADD COLUMN "iban_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locked_by" text;