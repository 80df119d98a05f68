ALTER TABLE "games" ADD COLUMN "signup_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "min_players" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "signup_channel_id" text;