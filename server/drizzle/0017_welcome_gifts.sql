ALTER TABLE "contributions" ALTER COLUMN "guessed_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "welcome_gifts_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "welcome_gifts_closed_at" timestamp with time zone;