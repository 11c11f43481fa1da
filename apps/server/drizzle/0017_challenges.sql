CREATE TABLE "challenge_participants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"prize_awarded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"challenge_id" integer NOT NULL,
	"position" integer NOT NULL,
	"workout_id" integer,
	"workout_title" text NOT NULL,
	"upload_required" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"participant_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creator_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"duration_days" integer NOT NULL,
	"start_date" date NOT NULL,
	"visibility" text NOT NULL,
	"prize_winners" integer,
	"published_at" timestamp with time zone,
	"awarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_duration_range" CHECK ("challenges"."duration_days" BETWEEN 1 AND 365),
	CONSTRAINT "challenges_prize_winners_positive" CHECK ("challenges"."prize_winners" IS NULL OR "challenges"."prize_winners" > 0)
);
--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_requirements" ADD CONSTRAINT "challenge_requirements_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_requirements" ADD CONSTRAINT "challenge_requirements_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_submissions" ADD CONSTRAINT "challenge_submissions_participant_id_challenge_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."challenge_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_submissions" ADD CONSTRAINT "challenge_submissions_requirement_id_challenge_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."challenge_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_submissions" ADD CONSTRAINT "challenge_submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_participants_member_idx" ON "challenge_participants" USING btree ("challenge_id","user_id");--> statement-breakpoint
CREATE INDEX "challenge_participants_user_idx" ON "challenge_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "challenge_participants_board_idx" ON "challenge_participants" USING btree ("challenge_id","completed_count" DESC NULLS LAST,"finished_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_requirements_position_idx" ON "challenge_requirements" USING btree ("challenge_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_submissions_member_idx" ON "challenge_submissions" USING btree ("participant_id","requirement_id");--> statement-breakpoint
CREATE INDEX "challenge_submissions_pending_idx" ON "challenge_submissions" USING btree ("requirement_id","submitted_at") WHERE "challenge_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "challenges_start_idx" ON "challenges" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "challenges_creator_idx" ON "challenges" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "challenges_unawarded_idx" ON "challenges" USING btree ("start_date") WHERE "challenges"."awarded_at" IS NULL AND "challenges"."published_at" IS NOT NULL;