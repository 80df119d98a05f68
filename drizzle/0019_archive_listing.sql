ALTER TABLE "guild_settings" ADD COLUMN "archive_list" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "archive_list_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_settings" ADD CONSTRAINT "guild_settings_archive_list_token_uq" UNIQUE("archive_list_token");