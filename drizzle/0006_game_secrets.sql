CREATE TABLE "game_secrets" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_secrets" ADD CONSTRAINT "game_secrets_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;