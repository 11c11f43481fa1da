CREATE TABLE "shared_trainer_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_trainer_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shared_trainer_threads" ADD CONSTRAINT "shared_trainer_threads_thread_id_trainer_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."trainer_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_trainer_threads" ADD CONSTRAINT "shared_trainer_threads_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_trainer_threads" ADD CONSTRAINT "shared_trainer_threads_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_trainer_threads_thread_to_idx" ON "shared_trainer_threads" USING btree ("thread_id","to_user_id");--> statement-breakpoint
CREATE INDEX "shared_trainer_threads_to_idx" ON "shared_trainer_threads" USING btree ("to_user_id");