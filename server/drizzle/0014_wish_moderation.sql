ALTER TABLE "contributions" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "removed_at" timestamp with time zone;