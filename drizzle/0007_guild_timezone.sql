ALTER TABLE "guild_settings" ALTER COLUMN "timezone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "guild_settings" ALTER COLUMN "timezone" DROP NOT NULL;--> statement-breakpoint
-- No command could set a server's zone before this migration: every stored value is the old column default, so it becomes "not set" (DEFAULT_TIMEZONE applies).
UPDATE "guild_settings" SET "timezone" = NULL;
