CREATE TABLE "discord_intents" (
	"game_id" uuid NOT NULL,
	"chat_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discord_intents_game_id_chat_key_pk" PRIMARY KEY("game_id","chat_key")
);
--> statement-breakpoint
ALTER TABLE "discord_intents" ADD CONSTRAINT "discord_intents_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;