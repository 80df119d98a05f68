CREATE TABLE "game_results" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"ruleset" text NOT NULL,
	"played" boolean NOT NULL,
	"winners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phases" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_records" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_records_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seat_results" (
	"game_id" uuid NOT NULL,
	"seat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"faction" text NOT NULL,
	"won" boolean NOT NULL,
	"survived" boolean NOT NULL,
	"substitute" boolean NOT NULL,
	CONSTRAINT "seat_results_game_id_seat_id_pk" PRIMARY KEY("game_id","seat_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ranked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "archive_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_results" ADD CONSTRAINT "seat_results_game_id_game_results_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game_results"("game_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_results_guild_idx" ON "game_results" USING btree ("guild_id","ended_at");--> statement-breakpoint
CREATE INDEX "seat_results_user_idx" ON "seat_results" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_archive_token_uq" UNIQUE("archive_token");