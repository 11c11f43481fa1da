CREATE TABLE "diet_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"diet_id" integer NOT NULL,
	"version" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"change_request" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"meal_preference" text NOT NULL,
	"goal" text NOT NULL,
	"plan" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"generated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"week" integer NOT NULL,
	"weekday" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"workout_id" integer,
	"diet_id" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "program_entries_week_range" CHECK ("program_entries"."week" BETWEEN 1 AND 52),
	CONSTRAINT "program_entries_weekday_range" CHECK ("program_entries"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "program_entries_one_item" CHECK (("program_entries"."workout_id" IS NULL) <> ("program_entries"."diet_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"goal" text NOT NULL,
	"level" text DEFAULT 'intermediate' NOT NULL,
	"weeks" integer NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"starts_on" date,
	"generated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_weeks_range" CHECK ("programs"."weeks" BETWEEN 1 AND 52)
);
--> statement-breakpoint
CREATE TABLE "shared_diets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_diets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"diet_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainer_memories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainer_memories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fact" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainer_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainer_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"role" text NOT NULL,
	"body" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainer_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainer_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "equipment" text[];--> statement-breakpoint
ALTER TABLE "diet_versions" ADD CONSTRAINT "diet_versions_diet_id_diets_id_fk" FOREIGN KEY ("diet_id") REFERENCES "public"."diets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_entries" ADD CONSTRAINT "program_entries_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_entries" ADD CONSTRAINT "program_entries_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_entries" ADD CONSTRAINT "program_entries_diet_id_diets_id_fk" FOREIGN KEY ("diet_id") REFERENCES "public"."diets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_diets" ADD CONSTRAINT "shared_diets_diet_id_diets_id_fk" FOREIGN KEY ("diet_id") REFERENCES "public"."diets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_diets" ADD CONSTRAINT "shared_diets_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_diets" ADD CONSTRAINT "shared_diets_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_memories" ADD CONSTRAINT "trainer_memories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_messages" ADD CONSTRAINT "trainer_messages_thread_id_trainer_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."trainer_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_threads" ADD CONSTRAINT "trainer_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_threads" ADD CONSTRAINT "trainer_threads_persona_id_trainer_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."trainer_personas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diet_versions_diet_version_idx" ON "diet_versions" USING btree ("diet_id","version");--> statement-breakpoint
CREATE INDEX "diets_owner_idx" ON "diets" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "program_entries_program_idx" ON "program_entries" USING btree ("program_id","week","weekday","position");--> statement-breakpoint
CREATE INDEX "program_entries_workout_idx" ON "program_entries" USING btree ("workout_id");--> statement-breakpoint
CREATE INDEX "program_entries_diet_idx" ON "program_entries" USING btree ("diet_id");--> statement-breakpoint
CREATE INDEX "programs_owner_idx" ON "programs" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_diets_diet_to_idx" ON "shared_diets" USING btree ("diet_id","to_user_id");--> statement-breakpoint
CREATE INDEX "shared_diets_to_idx" ON "shared_diets" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "trainer_memories_user_idx" ON "trainer_memories" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trainer_messages_thread_idx" ON "trainer_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "trainer_threads_user_idx" ON "trainer_threads" USING btree ("user_id","updated_at");