ALTER TABLE "user_profiles" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_currency_check" CHECK ("currency" IN ('usd', 'eur', 'gbp'));--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_locale_check" CHECK ("locale" IN ('en', 'de', 'ru'));--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_locale_check" CHECK ("locale" IN ('en', 'de', 'ru'));
