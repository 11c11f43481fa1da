ALTER TABLE "exercises" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainer_personas" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainer_personas" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "edited_at" timestamp with time zone;