CREATE TABLE "payment_declines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"calendar_id" uuid,
	"account_id" text,
	"client_key" text,
	"card_key" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_declines_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_account_id" text;--> statement-breakpoint
ALTER TABLE "payment_declines" ADD CONSTRAINT "payment_declines_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_declines_calendar_idx" ON "payment_declines" USING btree ("calendar_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_declines_account_idx" ON "payment_declines" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_declines_client_idx" ON "payment_declines" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX "payment_declines_card_idx" ON "payment_declines" USING btree ("card_key","created_at");--> statement-breakpoint
CREATE INDEX "payment_declines_created_idx" ON "payment_declines" USING btree ("created_at");