CREATE TABLE "member_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"gender" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "gender" text;