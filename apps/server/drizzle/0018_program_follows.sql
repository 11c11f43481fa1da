CREATE TABLE "program_follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_on" date,
	"pauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_follows_status" CHECK ("program_follows"."status" IN ('active', 'paused', 'left'))
);
--> statement-breakpoint
ALTER TABLE "program_follows" ADD CONSTRAINT "program_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_follows" ADD CONSTRAINT "program_follows_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "program_follows_user_program_idx" ON "program_follows" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE INDEX "program_follows_program_idx" ON "program_follows" USING btree ("program_id");--> statement-breakpoint
-- Until now a member's newest program was the one "today's session" came from: it is the one
-- they follow, from its own start date.
INSERT INTO "program_follows" ("user_id", "program_id", "starts_on")
SELECT DISTINCT ON ("owner_id") "owner_id", "id", "starts_on" FROM "programs"
WHERE "starts_on" IS NOT NULL ORDER BY "owner_id", "id" DESC;
