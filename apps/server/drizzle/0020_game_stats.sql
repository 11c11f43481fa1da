CREATE TABLE "game_stats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vs_name" text NOT NULL,
	"game_date" date NOT NULL,
	"sport" text DEFAULT 'other' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"rebounds" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"kills" integer DEFAULT 0 NOT NULL,
	"aces" integer DEFAULT 0 NOT NULL,
	"digs" integer DEFAULT 0 NOT NULL,
	"game_errors" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_stats_sport_known" CHECK ("game_stats"."sport" IN ('basketball', 'volleyball', 'soccer', 'other')),
	CONSTRAINT "game_stats_counts_not_negative" CHECK ("game_stats"."points" >= 0 AND "game_stats"."rebounds" >= 0 AND "game_stats"."assists" >= 0 AND "game_stats"."kills" >= 0 AND "game_stats"."aces" >= 0 AND "game_stats"."digs" >= 0 AND "game_stats"."game_errors" >= 0),
	CONSTRAINT "game_stats_vs_name_length" CHECK (char_length("game_stats"."vs_name") BETWEEN 1 AND 100),
	CONSTRAINT "game_stats_notes_length" CHECK (char_length("game_stats"."notes") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "game_stats" ADD CONSTRAINT "game_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_stats_user_date_idx" ON "game_stats" USING btree ("user_id","game_date" DESC NULLS LAST,"id" DESC NULLS LAST);