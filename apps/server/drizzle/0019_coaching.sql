CREATE TABLE "coach_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coach_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coach_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	CONSTRAINT "coach_clients_status" CHECK ("coach_clients"."status" IN ('invited', 'active', 'declined', 'ended')),
	CONSTRAINT "coach_clients_not_self" CHECK ("coach_clients"."coach_id" <> "coach_clients"."client_id")
);
--> statement-breakpoint
CREATE TABLE "log_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"log_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_comments_body_length" CHECK (char_length("log_comments"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "program_follows" ADD COLUMN "assigned_by" integer;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD CONSTRAINT "coach_clients_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD CONSTRAINT "coach_clients_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD CONSTRAINT "coach_clients_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_comments" ADD CONSTRAINT "log_comments_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_comments" ADD CONSTRAINT "log_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_clients_open_pair_idx" ON "coach_clients" USING btree ("coach_id","client_id") WHERE "coach_clients"."status" IN ('invited', 'active');--> statement-breakpoint
CREATE INDEX "coach_clients_coach_idx" ON "coach_clients" USING btree ("coach_id","status");--> statement-breakpoint
CREATE INDEX "coach_clients_client_idx" ON "coach_clients" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "log_comments_log_idx" ON "log_comments" USING btree ("log_id","id");--> statement-breakpoint
ALTER TABLE "program_follows" ADD CONSTRAINT "program_follows_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;