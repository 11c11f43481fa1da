CREATE TABLE "friendships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "friendships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guided_session_groups" (
	"session_id" integer NOT NULL,
	"exercise_group_id" integer NOT NULL,
	"status" text NOT NULL,
	"completed_exercises" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guided_session_groups_session_id_exercise_group_id_pk" PRIMARY KEY("session_id","exercise_group_id")
);
--> statement-breakpoint
CREATE TABLE "guided_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guided_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"workout_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"log_id" integer
);
--> statement-breakpoint
CREATE TABLE "personal_records" (
	"user_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"heaviest_weight_kg" double precision DEFAULT 0 NOT NULL,
	"most_reps" integer DEFAULT 0 NOT NULL,
	"best_one_rep_max_kg" double precision DEFAULT 0 NOT NULL,
	"achieved_on" date NOT NULL,
	CONSTRAINT "personal_records_user_id_exercise_id_pk" PRIMARY KEY("user_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "training_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total_workouts" integer DEFAULT 0 NOT NULL,
	"total_volume_kg" double precision DEFAULT 0 NOT NULL,
	"total_reps" integer DEFAULT 0 NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"streak_days" integer DEFAULT 0 NOT NULL,
	"longest_streak_days" integer DEFAULT 0 NOT NULL,
	"streak_weeks" integer DEFAULT 0 NOT NULL,
	"last_workout_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_achievements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"badge" text NOT NULL,
	"header" text NOT NULL,
	"details" text NOT NULL,
	"exercise_id" integer,
	"value" double precision,
	"log_id" integer,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_log_exercises" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workout_log_exercises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"log_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"position" integer NOT NULL,
	"performed_on" date NOT NULL,
	"note" text,
	"volume_kg" double precision DEFAULT 0 NOT NULL,
	"best_weight_kg" double precision DEFAULT 0 NOT NULL,
	"max_reps" integer DEFAULT 0 NOT NULL,
	"best_one_rep_max_kg" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_log_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workout_log_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"log_exercise_id" integer NOT NULL,
	"set_number" integer NOT NULL,
	"reps" integer NOT NULL,
	"weight_kg" double precision DEFAULT 0 NOT NULL,
	"duration_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "workout_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workout_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"workout_id" integer,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"performed_on" date NOT NULL,
	"duration_seconds" integer,
	"note" text DEFAULT '' NOT NULL,
	"liked_or_disliked" text,
	"energy_level" integer NOT NULL,
	"sleep_quality" integer NOT NULL,
	"total_volume_kg" double precision DEFAULT 0 NOT NULL,
	"total_reps" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_group_likes" (
	"user_id" integer NOT NULL,
	"exercise_group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_group_likes_user_id_exercise_group_id_pk" PRIMARY KEY("user_id","exercise_group_id")
);
--> statement-breakpoint
CREATE TABLE "exercise_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workout_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"rest_seconds" integer DEFAULT 90 NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_exercises" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_exercises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer,
	"weight_kg" double precision,
	"duration_seconds" integer,
	"rest_seconds" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_workouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_workouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workout_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_tags" (
	"workout_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "workout_tags_workout_id_tag_id_pk" PRIMARY KEY("workout_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text,
	"owner_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"goal" text NOT NULL,
	"level" text DEFAULT 'intermediate' NOT NULL,
	"estimated_minutes" integer DEFAULT 45 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"copied_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workouts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guided_session_groups" ADD CONSTRAINT "guided_session_groups_session_id_guided_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."guided_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guided_session_groups" ADD CONSTRAINT "guided_session_groups_exercise_group_id_exercise_groups_id_fk" FOREIGN KEY ("exercise_group_id") REFERENCES "public"."exercise_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guided_sessions" ADD CONSTRAINT "guided_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guided_sessions" ADD CONSTRAINT "guided_sessions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guided_sessions" ADD CONSTRAINT "guided_sessions_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_stats" ADD CONSTRAINT "training_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_log_exercises" ADD CONSTRAINT "workout_log_exercises_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_log_exercises" ADD CONSTRAINT "workout_log_exercises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_log_exercises" ADD CONSTRAINT "workout_log_exercises_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_log_sets" ADD CONSTRAINT "workout_log_sets_log_exercise_id_workout_log_exercises_id_fk" FOREIGN KEY ("log_exercise_id") REFERENCES "public"."workout_log_exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_logs" ADD CONSTRAINT "workout_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_logs" ADD CONSTRAINT "workout_logs_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_group_likes" ADD CONSTRAINT "exercise_group_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_group_likes" ADD CONSTRAINT "exercise_group_likes_exercise_group_id_exercise_groups_id_fk" FOREIGN KEY ("exercise_group_id") REFERENCES "public"."exercise_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_groups" ADD CONSTRAINT "exercise_groups_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_exercises" ADD CONSTRAINT "group_exercises_group_id_exercise_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."exercise_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_exercises" ADD CONSTRAINT "group_exercises_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_workouts" ADD CONSTRAINT "shared_workouts_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_workouts" ADD CONSTRAINT "shared_workouts_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_workouts" ADD CONSTRAINT "shared_workouts_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_tags" ADD CONSTRAINT "workout_tags_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_tags" ADD CONSTRAINT "workout_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_copied_from_id_workouts_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair_idx" ON "friendships" USING btree ("user_id","friend_id");--> statement-breakpoint
CREATE INDEX "friendships_friend_idx" ON "friendships" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guided_sessions_active_idx" ON "guided_sessions" USING btree ("user_id","workout_id") WHERE "guided_sessions"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_code_idx" ON "user_achievements" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "user_achievements_user_awarded_idx" ON "user_achievements" USING btree ("user_id","awarded_at");--> statement-breakpoint
CREATE INDEX "workout_log_exercises_log_idx" ON "workout_log_exercises" USING btree ("log_id","position");--> statement-breakpoint
CREATE INDEX "workout_log_exercises_user_exercise_idx" ON "workout_log_exercises" USING btree ("user_id","exercise_id","performed_on");--> statement-breakpoint
CREATE INDEX "workout_log_sets_exercise_idx" ON "workout_log_sets" USING btree ("log_exercise_id","set_number");--> statement-breakpoint
CREATE INDEX "workout_logs_user_date_idx" ON "workout_logs" USING btree ("user_id","performed_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workout_logs_user_workout_idx" ON "workout_logs" USING btree ("user_id","workout_id","performed_on");--> statement-breakpoint
CREATE INDEX "exercise_group_likes_group_idx" ON "exercise_group_likes" USING btree ("exercise_group_id");--> statement-breakpoint
CREATE INDEX "exercise_groups_workout_idx" ON "exercise_groups" USING btree ("workout_id","position");--> statement-breakpoint
CREATE INDEX "group_exercises_group_idx" ON "group_exercises" USING btree ("group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_workouts_workout_to_idx" ON "shared_workouts" USING btree ("workout_id","to_user_id");--> statement-breakpoint
CREATE INDEX "shared_workouts_to_idx" ON "shared_workouts" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "workout_tags_tag_idx" ON "workout_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "workouts_owner_idx" ON "workouts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "workouts_public_title_idx" ON "workouts" USING btree ("title","id") WHERE "workouts"."is_public";