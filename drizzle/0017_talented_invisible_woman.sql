CREATE TABLE "public_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"chat_key" text NOT NULL,
	"message_id" text NOT NULL,
	"seat_id" text NOT NULL,
	"phase" text NOT NULL,
	"content" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "public_posts_message_uq" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "public_posts" ADD CONSTRAINT "public_posts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_posts_game_idx" ON "public_posts" USING btree ("game_id","id");