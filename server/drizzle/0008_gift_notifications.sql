DROP INDEX "contributions_undigested_idx";--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "gift_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "contributions_undigested_idx" ON "contributions" USING btree ("calendar_id") WHERE status = 'confirmed' and digested_at is null and gift_cents is null;