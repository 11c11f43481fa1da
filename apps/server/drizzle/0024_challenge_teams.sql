-- A team challenge names its team (issue 13's last gap, docs/decisions/0028): its members see it.
-- Team challenges made before this (seen by coaches) get no team: from now on only their creator
-- and admins see them, until the creator, while it has not started, picks a team.
ALTER TABLE "challenges" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_team_idx" ON "challenges" USING btree ("team_id") WHERE "challenges"."team_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_team_only_for_team" CHECK ("challenges"."team_id" IS NULL OR "challenges"."visibility" = 'team');