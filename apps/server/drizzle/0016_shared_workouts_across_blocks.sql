-- A block stops shares both ways: a workout shared before a block is no longer visible to either
-- member through that share (as diets and programs already are). Same rule as
-- workouts.repository.ts (shareStands); visibility.test.ts pins the two.
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
  FROM workouts w WHERE w.id = p_workout
$$;
