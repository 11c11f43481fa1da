-- A team may have several owners (issue 14: an owner makes other members owners from the
-- roster). teams.owner_id names one of them, and its foreign key deletes the team with that
-- member's account. Before an account goes, a team it co-owns passes to its longest-standing
-- other owner, so the rest of the team keeps it; a team it owns alone still goes with it.
-- A trigger, so every way an account is deleted does it.
CREATE FUNCTION "teams_hand_over_before_user_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "teams" t SET "owner_id" = next."user_id"
  FROM (
    SELECT DISTINCT ON (m."team_id") m."team_id", m."user_id" FROM "team_members" m
    WHERE m."role" = 'owner' AND m."user_id" <> OLD."id"
      AND m."team_id" IN (SELECT "id" FROM "teams" WHERE "owner_id" = OLD."id")
    ORDER BY m."team_id", m."added_at", m."user_id"
  ) AS next
  WHERE t."owner_id" = OLD."id" AND next."team_id" = t."id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_hand_over_teams" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "teams_hand_over_before_user_delete"();
