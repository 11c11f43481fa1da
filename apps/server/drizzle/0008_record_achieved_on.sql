-- A personal record's day is the day it was set (issues 8 and 9 found it moved to the day of any
-- later log of the exercise, record or not). One SQL rule, used by the log write and by the
-- recount after a deletion: of the three bests (heaviest weight, most reps, best one-rep max),
-- the first day each was reached; the record's day is the latest of those.
CREATE OR REPLACE FUNCTION fitcoach_record_achieved_on(p_user integer, p_exercise integer,
  p_weight float8, p_reps integer, p_one_rep_max float8) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce(greatest(
    (SELECT min(e.performed_on) FROM workout_log_exercises e
      WHERE e.user_id = p_user AND e.exercise_id = p_exercise AND e.best_weight_kg = p_weight),
    (SELECT min(e.performed_on) FROM workout_log_exercises e
      WHERE e.user_id = p_user AND e.exercise_id = p_exercise AND e.max_reps = p_reps),
    (SELECT min(e.performed_on) FROM workout_log_exercises e
      WHERE e.user_id = p_user AND e.exercise_id = p_exercise
        AND e.best_one_rep_max_kg = p_one_rep_max)),
    (SELECT max(e.performed_on) FROM workout_log_exercises e
      WHERE e.user_id = p_user AND e.exercise_id = p_exercise))
$$;
--> statement-breakpoint

-- Existing records get the day they were really set.
UPDATE personal_records pr SET achieved_on = fitcoach_record_achieved_on(pr.user_id,
  pr.exercise_id, pr.heaviest_weight_kg, pr.most_reps, pr.best_one_rep_max_kg);
--> statement-breakpoint

-- p: LogWrite (workout-logs.repository.ts). Answers null when the member may not see the
-- workout (nothing is written), else LogWritten: { logId, title, previousRecords, before, after }.
CREATE OR REPLACE FUNCTION fitcoach_write_log(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := (p->>'userId')::integer;
  v_workout integer := (p->>'workoutId')::integer;
  v_on date := (p->>'performedOn')::date;
  v_title text;
  v_log integer;
  v_previous jsonb;
  v_stats training_stats%ROWTYPE;
  v_streak_days integer := 1;
  v_streak_weeks integer := 1;
  v_before jsonb;
  v_after jsonb;
BEGIN
  -- One member's logs are written one after another: no deadlocks on their records.
  PERFORM pg_advisory_xact_lock((p->>'lockNamespace')::integer, v_user);

  IF v_workout IS NULL THEN
    v_title := p->>'title';
  ELSE
    SELECT w.title INTO v_title FROM workouts w
    WHERE w.id = v_workout AND fitcoach_may_see_workout(w.id, v_user, (p->>'isAdmin')::boolean);
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;

  INSERT INTO workout_logs (user_id, workout_id, title, source, performed_on, duration_seconds,
    note, liked_or_disliked, energy_level, sleep_quality, total_volume_kg, total_reps)
  VALUES (v_user, v_workout, v_title, p->>'source', v_on, (p->>'durationSeconds')::integer,
    p->>'note', p->>'likedOrDisliked', (p->>'energyLevel')::integer,
    (p->>'sleepQuality')::integer, (p->>'totalVolumeKg')::float8, (p->>'totalReps')::integer)
  RETURNING id INTO v_log;

  WITH ex AS (
    INSERT INTO workout_log_exercises (log_id, user_id, exercise_id, position, performed_on, note,
      volume_kg, best_weight_kg, max_reps, best_one_rep_max_kg)
    SELECT v_log, v_user, x."exerciseId", x."position", v_on, x.note, x."volumeKg",
      x."bestWeightKg", x."maxReps", x."bestOneRepMaxKg"
    FROM jsonb_to_recordset(p->'exercises') AS x("position" integer, "exerciseId" integer,
      note text, "volumeKg" float8, "bestWeightKg" float8, "maxReps" integer,
      "bestOneRepMaxKg" float8)
    RETURNING id, position
  )
  INSERT INTO workout_log_sets (log_exercise_id, set_number, reps, weight_kg, duration_seconds)
  SELECT ex.id, s."setNumber", s.reps, s."weightKg", s."durationSeconds"
  FROM ex JOIN jsonb_to_recordset(p->'sets') AS s("position" integer, "setNumber" integer,
    reps integer, "weightKg" float8, "durationSeconds" integer) ON s."position" = ex.position;

  -- The records as they were, then the greater of old and new.
  SELECT coalesce(jsonb_agg(jsonb_build_object('exerciseId', r.exercise_id,
      'bestWeightKg', r.heaviest_weight_kg, 'maxReps', r.most_reps,
      'bestOneRepMaxKg', r.best_one_rep_max_kg) ORDER BY r.exercise_id), '[]'::jsonb)
  INTO v_previous
  FROM (
    SELECT pr.exercise_id, pr.heaviest_weight_kg, pr.most_reps, pr.best_one_rep_max_kg
    FROM personal_records pr
    WHERE pr.user_id = v_user
      AND pr.exercise_id IN (SELECT (e->>'exerciseId')::integer FROM jsonb_array_elements(p->'records') e)
    ORDER BY pr.exercise_id
    FOR UPDATE
  ) r;

  INSERT INTO personal_records (user_id, exercise_id, heaviest_weight_kg, most_reps,
    best_one_rep_max_kg, achieved_on)
  SELECT v_user, r."exerciseId", r."bestWeightKg", r."maxReps", r."bestOneRepMaxKg", v_on
  FROM jsonb_to_recordset(p->'records') AS r("exerciseId" integer, "bestWeightKg" float8,
    "maxReps" integer, "bestOneRepMaxKg" float8)
  ORDER BY r."exerciseId"
  ON CONFLICT (user_id, exercise_id) DO UPDATE SET
    heaviest_weight_kg = greatest(personal_records.heaviest_weight_kg, excluded.heaviest_weight_kg),
    most_reps = greatest(personal_records.most_reps, excluded.most_reps),
    best_one_rep_max_kg = greatest(personal_records.best_one_rep_max_kg, excluded.best_one_rep_max_kg),
    -- The day the record was set: unchanged by a log that beats nothing; this log's day when it
    -- is the latest and beats something; recounted from the history when it is back-dated (it
    -- may have reached a best first, or tied one earlier).
    achieved_on = CASE
      WHEN excluded.achieved_on < personal_records.achieved_on THEN fitcoach_record_achieved_on(
        v_user, excluded.exercise_id,
        greatest(personal_records.heaviest_weight_kg, excluded.heaviest_weight_kg),
        greatest(personal_records.most_reps, excluded.most_reps),
        greatest(personal_records.best_one_rep_max_kg, excluded.best_one_rep_max_kg))
      WHEN excluded.heaviest_weight_kg > personal_records.heaviest_weight_kg
        OR excluded.most_reps > personal_records.most_reps
        OR excluded.best_one_rep_max_kg > personal_records.best_one_rep_max_kg
        THEN excluded.achieved_on
      ELSE personal_records.achieved_on END;

  SELECT * INTO v_stats FROM training_stats t WHERE t.user_id = v_user FOR UPDATE;
  IF FOUND THEN
    v_before := jsonb_build_object('totalWorkouts', v_stats.total_workouts,
      'totalVolumeKg', v_stats.total_volume_kg, 'streakDays', v_stats.streak_days,
      'streakWeeks', v_stats.streak_weeks, 'lastWorkoutOn', v_stats.last_workout_on::text);
    -- Streaks move forward a day or a week, or start again. A log dated on or before the last
    -- one leaves them as they are: the caller recounts from the history.
    IF v_stats.last_workout_on IS NOT NULL THEN
      v_streak_days := CASE
        WHEN v_on = v_stats.last_workout_on + 1 THEN v_stats.streak_days + 1
        WHEN v_on > v_stats.last_workout_on + 1 THEN 1
        ELSE v_stats.streak_days END;
      v_streak_weeks := CASE
        WHEN date_trunc('week', v_on) = date_trunc('week', v_stats.last_workout_on) + interval '7 days'
          THEN v_stats.streak_weeks + 1
        WHEN date_trunc('week', v_on) > date_trunc('week', v_stats.last_workout_on) + interval '7 days'
          THEN 1
        ELSE v_stats.streak_weeks END;
    END IF;
    UPDATE training_stats t SET
      total_workouts = t.total_workouts + 1,
      total_volume_kg = t.total_volume_kg + (p->>'totalVolumeKg')::float8,
      total_reps = t.total_reps + (p->>'totalReps')::integer,
      total_seconds = t.total_seconds + coalesce((p->>'durationSeconds')::integer, 0),
      streak_days = v_streak_days,
      longest_streak_days = greatest(t.longest_streak_days, v_streak_days),
      streak_weeks = v_streak_weeks,
      last_workout_on = greatest(t.last_workout_on, v_on),
      updated_at = now()
    WHERE t.user_id = v_user
    RETURNING * INTO v_stats;
  ELSE
    INSERT INTO training_stats (user_id, total_workouts, total_volume_kg, total_reps,
      total_seconds, streak_days, longest_streak_days, streak_weeks, last_workout_on)
    VALUES (v_user, 1, (p->>'totalVolumeKg')::float8, (p->>'totalReps')::integer,
      coalesce((p->>'durationSeconds')::integer, 0), 1, 1, 1, v_on)
    RETURNING * INTO v_stats;
  END IF;
  v_after := jsonb_build_object('totalWorkouts', v_stats.total_workouts,
    'totalVolumeKg', v_stats.total_volume_kg, 'streakDays', v_stats.streak_days,
    'streakWeeks', v_stats.streak_weeks, 'lastWorkoutOn', v_stats.last_workout_on::text);

  RETURN jsonb_build_object('logId', v_log, 'title', v_title, 'previousRecords', v_previous,
    'before', v_before, 'after', v_after);
END;
$$;
