-- A workout given to a team is its members' to open and log (issue 14). The app's own check
-- (workouts.repository isSharedWith) learned this in 0021; this is the same rule for the
-- database's check, which writes every log (fitcoach_log_workout) and validates programs.
CREATE OR REPLACE FUNCTION fitcoach_may_see_workout(p_workout integer, p_user integer,
  p_is_admin boolean) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_is_admin OR w.is_public OR w.owner_id IS NOT DISTINCT FROM p_user
    OR EXISTS (
      SELECT 1 FROM shared_workouts s
      WHERE s.workout_id = w.id AND s.to_user_id = p_user
        AND NOT EXISTS (
          SELECT 1 FROM member_blocks mb
          WHERE (mb.blocker_id = p_user AND mb.blocked_id = s.from_user_id)
             OR (mb.blocker_id = s.from_user_id AND mb.blocked_id = p_user)))
    OR EXISTS (
      SELECT 1 FROM team_workouts tw
      JOIN team_members tm ON tm.team_id = tw.team_id AND tm.user_id = p_user
      WHERE tw.workout_id = w.id)
  FROM workouts w WHERE w.id = p_workout
$$;
