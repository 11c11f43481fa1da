CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"jersey_number" integer,
	"alias_name" text DEFAULT '' NOT NULL,
	"alias_depedent_name" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_members_role" CHECK ("team_members"."role" IN ('owner', 'coach', 'player', 'scorer')),
	CONSTRAINT "team_members_jersey_range" CHECK ("team_members"."jersey_number" IS NULL OR "team_members"."jersey_number" BETWEEN 0 AND 999),
	CONSTRAINT "team_members_alias_length" CHECK (char_length("team_members"."alias_name") <= 60 AND char_length("team_members"."alias_depedent_name") <= 60)
);
--> statement-breakpoint
CREATE TABLE "team_workouts" (
	"team_id" integer NOT NULL,
	"workout_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_workouts_team_id_workout_id_pk" PRIMARY KEY("team_id","workout_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sport" text NOT NULL,
	"season" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_sport_known" CHECK ("teams"."sport" IN ('basketball', 'volleyball', 'soccer', 'other')),
	CONSTRAINT "teams_name_length" CHECK (char_length("teams"."name") BETWEEN 1 AND 100),
	CONSTRAINT "teams_season_length" CHECK (char_length("teams"."season") <= 40)
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workouts" ADD CONSTRAINT "team_workouts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workouts" ADD CONSTRAINT "team_workouts_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_jersey_idx" ON "team_members" USING btree ("team_id","jersey_number");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_owner_idx" ON "teams" USING btree ("owner_id");