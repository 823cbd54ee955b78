CREATE TABLE "contributions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"calendar_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"guessed_date" date NOT NULL,
	"wish" text NOT NULL,
	"gift_cents" integer,
	"payment_id" uuid,
	"status" text NOT NULL,
	"read_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	"edit_token_hash" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contributions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributions_calendar_status_created_idx" ON "contributions" USING btree ("calendar_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contributions_payment_idx" ON "contributions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "contributions_undigested_idx" ON "contributions" USING btree ("calendar_id") WHERE status = 'confirmed' and digested_at is null;