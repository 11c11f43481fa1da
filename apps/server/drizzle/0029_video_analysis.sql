CREATE TABLE "video_analyses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_analyses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"exercise_name" text NOT NULL,
	"exercise_key" text NOT NULL,
	"summary" jsonb NOT NULL,
	"workout_log_id" integer,
	"exercise_id" integer,
	"set_number" integer,
	"review_status" text DEFAULT 'none' NOT NULL,
	"review_coach_id" integer,
	"review_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_analyses_review_status" CHECK ("video_analyses"."review_status" IN ('none', 'requested', 'reviewed')),
	CONSTRAINT "video_analyses_exercise_name" CHECK (char_length("video_analyses"."exercise_name") BETWEEN 1 AND 100),
	CONSTRAINT "video_analyses_requested" CHECK (("video_analyses"."review_status" = 'none') = ("video_analyses"."review_requested_at" IS NULL)),
	CONSTRAINT "video_analyses_set_number" CHECK ("video_analyses"."set_number" IS NULL OR "video_analyses"."set_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "video_analysis_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_analysis_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"analysis_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"at_s" real NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_analysis_comments_at" CHECK ("video_analysis_comments"."at_s" >= 0),
	CONSTRAINT "video_analysis_comments_body" CHECK (char_length("video_analysis_comments"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "video_analyses" ADD CONSTRAINT "video_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analyses" ADD CONSTRAINT "video_analyses_workout_log_id_workout_logs_id_fk" FOREIGN KEY ("workout_log_id") REFERENCES "public"."workout_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analyses" ADD CONSTRAINT "video_analyses_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analyses" ADD CONSTRAINT "video_analyses_review_coach_id_users_id_fk" FOREIGN KEY ("review_coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analysis_comments" ADD CONSTRAINT "video_analysis_comments_analysis_id_video_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."video_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analysis_comments" ADD CONSTRAINT "video_analysis_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_analyses_user_idx" ON "video_analyses" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_analyses_user_log_idx" ON "video_analyses" USING btree ("user_id","workout_log_id") WHERE "video_analyses"."workout_log_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "video_analyses_review_idx" ON "video_analyses" USING btree ("review_coach_id","review_status","review_requested_at") WHERE "video_analyses"."review_status" <> 'none';--> statement-breakpoint
CREATE INDEX "video_analysis_comments_analysis_idx" ON "video_analysis_comments" USING btree ("analysis_id","at_s","id");