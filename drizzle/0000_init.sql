CREATE TABLE "guild_settings" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"gm_role_id" text,
	"timezone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_masters" (
	"game_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "game_masters_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_snapshots" (
	"game_id" uuid NOT NULL,
	"input_seq" integer NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_snapshots_game_id_input_seq_pk" PRIMARY KEY("game_id","input_seq")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" text NOT NULL,
	"name" text NOT NULL,
	"ruleset" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seed" bigint NOT NULL,
	"status" text DEFAULT 'lobby' NOT NULL,
	"publish_mode" text DEFAULT 'auto' NOT NULL,
	"timezone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"phase_duration_ms" integer,
	"reminders" jsonb DEFAULT '[60,10]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"seat_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"phase" text NOT NULL,
	"by_user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"seat_id" text NOT NULL,
	"seat" integer NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"setup" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_game_seat_id_uq" UNIQUE("game_id","seat_id"),
	CONSTRAINT "players_game_seat_uq" UNIQUE("game_id","seat"),
	CONSTRAINT "players_game_user_uq" UNIQUE("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "deadlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"phase_index" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"job_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "deadlines_game_phase_kind_key_uq" UNIQUE("game_id","phase_index","kind","key"),
	CONSTRAINT "deadlines_job_id_uq" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "phases" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"remaining_ms" integer,
	"resolved_at" timestamp with time zone,
	"delivered_public" integer DEFAULT 0 NOT NULL,
	"delivered_private" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "phases_game_index_uq" UNIQUE("game_id","index")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"resolution_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_resolution_position_uq" UNIQUE("resolution_id","position")
);
--> statement-breakpoint
CREATE TABLE "inputs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"phase" text NOT NULL,
	"type" text NOT NULL,
	"user_id" text NOT NULL,
	"seat_id" text,
	"payload" jsonb NOT NULL,
	"accepted" boolean NOT NULL,
	"rejection" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "inputs_game_seq_uq" UNIQUE("game_id","seq")
);
--> statement-breakpoint
CREATE TABLE "resolutions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"phase_index" integer NOT NULL,
	"phase" text NOT NULL,
	"report" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "resolutions_game_phase_uq" UNIQUE("game_id","phase_index")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"chat_key" text NOT NULL,
	"discord_id" text NOT NULL,
	"discord_kind" text NOT NULL,
	"applied_members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_game_key_uq" UNIQUE("game_id","chat_key"),
	CONSTRAINT "chats_discord_id_uq" UNIQUE("discord_id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"resolution_id" bigint,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_dedupe_key_uq" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "game_masters" ADD CONSTRAINT "game_masters_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_snapshots" ADD CONSTRAINT "game_snapshots_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_replacements" ADD CONSTRAINT "player_replacements_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phases" ADD CONSTRAINT "phases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inputs" ADD CONSTRAINT "inputs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_guild_idx" ON "games" USING btree ("guild_id","status");--> statement-breakpoint
CREATE INDEX "players_user_idx" ON "players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deadlines_pending_idx" ON "deadlines" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "inputs_game_phase_idx" ON "inputs" USING btree ("game_id","phase");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","id");