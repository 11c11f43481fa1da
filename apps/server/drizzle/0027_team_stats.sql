CREATE TABLE "team_game_stats" (
	"game_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"player_name" text NOT NULL,
	"jersey_number" integer,
	"two_point_fg_attempted" integer DEFAULT 0 NOT NULL,
	"two_point_fg_made" integer DEFAULT 0 NOT NULL,
	"three_point_fg_attempted" integer DEFAULT 0 NOT NULL,
	"three_point_fg_made" integer DEFAULT 0 NOT NULL,
	"free_throws_attempted" integer DEFAULT 0 NOT NULL,
	"free_throws_made" integer DEFAULT 0 NOT NULL,
	"offensive_rebounds" integer DEFAULT 0 NOT NULL,
	"defensive_rebounds" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"steals" integer DEFAULT 0 NOT NULL,
	"blocks" integer DEFAULT 0 NOT NULL,
	"turnovers" integer DEFAULT 0 NOT NULL,
	"personal_fouls" integer DEFAULT 0 NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_game_stats_game_id_player_id_pk" PRIMARY KEY("game_id","player_id"),
	CONSTRAINT "team_game_stats_counts_range" CHECK ("team_game_stats"."two_point_fg_attempted" BETWEEN 0 AND 200 AND "team_game_stats"."two_point_fg_made" BETWEEN 0 AND 200
        AND "team_game_stats"."three_point_fg_attempted" BETWEEN 0 AND 200 AND "team_game_stats"."three_point_fg_made" BETWEEN 0 AND 200
        AND "team_game_stats"."free_throws_attempted" BETWEEN 0 AND 200 AND "team_game_stats"."free_throws_made" BETWEEN 0 AND 200
        AND "team_game_stats"."offensive_rebounds" BETWEEN 0 AND 200 AND "team_game_stats"."defensive_rebounds" BETWEEN 0 AND 200
        AND "team_game_stats"."assists" BETWEEN 0 AND 200 AND "team_game_stats"."steals" BETWEEN 0 AND 200
        AND "team_game_stats"."blocks" BETWEEN 0 AND 200 AND "team_game_stats"."turnovers" BETWEEN 0 AND 200
        AND "team_game_stats"."personal_fouls" BETWEEN 0 AND 200),
	CONSTRAINT "team_game_stats_made_not_over_attempted" CHECK ("team_game_stats"."two_point_fg_made" <= "team_game_stats"."two_point_fg_attempted"
        AND "team_game_stats"."three_point_fg_made" <= "team_game_stats"."three_point_fg_attempted"
        AND "team_game_stats"."free_throws_made" <= "team_game_stats"."free_throws_attempted"),
	CONSTRAINT "team_game_stats_total_points" CHECK ("team_game_stats"."total_points" = 2 * "team_game_stats"."two_point_fg_made" + 3 * "team_game_stats"."three_point_fg_made" + "team_game_stats"."free_throws_made"),
	CONSTRAINT "team_game_stats_player_name_length" CHECK (char_length("team_game_stats"."player_name") <= 200)
);
--> statement-breakpoint
CREATE TABLE "team_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"vs_name" text DEFAULT '' NOT NULL,
	"game_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	CONSTRAINT "team_games_status" CHECK ("team_games"."status" IN ('open', 'final')),
	CONSTRAINT "team_games_vs_name" CHECK (char_length("team_games"."vs_name") <= 100 AND ("team_games"."status" = 'open' OR char_length("team_games"."vs_name") >= 1)),
	CONSTRAINT "team_games_finalized" CHECK (("team_games"."status" = 'final') = ("team_games"."finalized_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "team_game_stats" ADD CONSTRAINT "team_game_stats_game_id_team_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."team_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_game_stats" ADD CONSTRAINT "team_game_stats_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_game_stats" ADD CONSTRAINT "team_game_stats_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_games" ADD CONSTRAINT "team_games_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_games" ADD CONSTRAINT "team_games_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_game_stats_player_idx" ON "team_game_stats" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "team_games_team_date_idx" ON "team_games" USING btree ("team_id","game_date" DESC NULLS LAST,"id" DESC NULLS LAST);