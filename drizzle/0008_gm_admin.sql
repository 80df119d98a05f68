ALTER TABLE "guild_settings" ADD COLUMN "max_running_games" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_masters" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inputs" ADD COLUMN "actor_name" text;