CREATE TABLE "discord_members" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"roles" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discord_members_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
