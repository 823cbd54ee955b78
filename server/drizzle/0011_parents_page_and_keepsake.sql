CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"byte_length" integer NOT NULL,
	"bytes" "bytea",
	"storage_key" text,
	CONSTRAINT "image_variants_image_id_width_format_pk" PRIMARY KEY("image_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thank_you_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"calendar_id" uuid NOT NULL,
	"contribution_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thank_you_notes_contribution_id_unique" UNIQUE("contribution_id")
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "baby_name" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "baby_image_id" uuid;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "birth_time_minutes" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "birth_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "cover_image_id" uuid;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "parents_note" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "guess_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "guess_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "guessed_time_minutes" integer;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "guessed_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thank_you_notes" ADD CONSTRAINT "thank_you_notes_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thank_you_notes" ADD CONSTRAINT "thank_you_notes_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "thank_you_notes_calendar_idx" ON "thank_you_notes" USING btree ("calendar_id");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_baby_image_id_images_id_fk" FOREIGN KEY ("baby_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;