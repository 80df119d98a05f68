CREATE TABLE "mask_avatars" (
	"game_id" uuid NOT NULL,
	"key" text NOT NULL,
	"channel_id" text NOT NULL,
	"message_id" text NOT NULL,
	"filename" text NOT NULL,
	"url" text NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mask_avatars_game_id_key_pk" PRIMARY KEY("game_id","key")
);
--> statement-breakpoint
CREATE TABLE "mask_games" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"dealt_at" timestamp with time zone,
	"announced_at" timestamp with time zone,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mask_relays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"chat_key" text NOT NULL,
	"channel_id" text NOT NULL,
	"thread_id" text,
	"seat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint,
	"idempotency_key" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"avatar_key" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"notify" jsonb,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "mask_relays_idempotency_uq" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "mask_webhooks" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"token" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "masks" (
	"game_id" uuid NOT NULL,
	"seat_id" text NOT NULL,
	"name" text NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	"avatar_url" text,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "masks_game_id_seat_id_pk" PRIMARY KEY("game_id","seat_id"),
	CONSTRAINT "masks_game_name_uq" UNIQUE("game_id","name")
);
--> statement-breakpoint
ALTER TABLE "mask_avatars" ADD CONSTRAINT "mask_avatars_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mask_games" ADD CONSTRAINT "mask_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mask_relays" ADD CONSTRAINT "mask_relays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mask_webhooks" ADD CONSTRAINT "mask_webhooks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masks" ADD CONSTRAINT "masks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mask_relays_queue_idx" ON "mask_relays" USING btree ("game_id","chat_key","status","id");