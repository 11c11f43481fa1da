-- Writes one workout log with everything that follows from it, in one call: the member's lock,
-- the workout's visibility, the log, its exercises and sets, the personal records and the
-- running totals and streaks. PL/pgSQL keeps the plans of these statements per connection, so
-- a log costs a call instead of a dozen planned statements (see docs/decisions).
--
-- p: { user_id, is_admin, workout_id (null: manual), title (manual), source, performed_on,
--      duration_seconds, note, liked_or_disliked, energy_level, sleep_quality,
--      total_volume_kg, total_reps,
--      exercises: [{ position, exercise_id, note, volume_kg, best_weight_kg, max_reps,
--                    best_one_rep_max_kg }],
--      sets: [{ position, set_number, reps, weight_kg, duration_seconds }],
--      records: [{ exercise_id, heaviest_weight_kg, most_reps, best_one_rep_max_kg }] }
-- Answers null when the member may not see the workout (nothing is written), else
-- { log_id, title, previous_records, before, after }.
CREATE OR REPLACE FUNCTION fitcoach_write_log(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := (p->>'user_id')::integer;
  v_workout integer := (p->>'workout_id')::integer;
  v_on date := (p->>'performed_on')::date;
  v_title text;
  v_log integer;
  v_previous jsonb;
  v_before jsonb;
  v_after jsonb;
BEGIN
  -- One member's logs are written one after another: no deadlocks on their records.
  PERFORM pg_advisory_xact_lock(727002, v_user);

  IF v_workout IS NULL THEN
    v_title := p->>'title';
  ELSE
    SELECT w.title INTO v_title FROM workouts w
    WHERE w.id = v_workout
      AND ((p->>'is_admin')::boolean OR w.is_public OR w.owner_id = v_user
           OR EXISTS (SELECT 1 FROM shared_workouts s
                      WHERE s.workout_id = v_workout AND s.to_user_id = v_user));
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;

  INSERT INTO workout_logs (user_id, workout_id, title, source, performed_on, duration_seconds,
    note, liked_or_disliked, energy_level, sleep_quality, total_volume_kg, total_reps)
  VALUES (v_user, v_workout, v_title, p->>'source', v_on, (p->>'duration_seconds')::integer,
    p->>'note', p->>'liked_or_disliked', (p->>'energy_level')::integer,
    (p->>'sleep_quality')::integer, (p->>'total_volume_kg')::float8, (p->>'total_reps')::integer)
  RETURNING id INTO v_log;

  WITH ex AS (
    INSERT INTO workout_log_exercises (log_id, user_id, exercise_id, position, performed_on, note,
      volume_kg, best_weight_kg, max_reps, best_one_rep_max_kg)
    SELECT v_log, v_user, x.exercise_id, x.position, v_on, x.note, x.volume_kg, x.best_weight_kg,
      x.max_reps, x.best_one_rep_max_kg
    FROM jsonb_to_recordset(p->'exercises') AS x(position integer, exercise_id integer, note text,
      volume_kg float8, best_weight_kg float8, max_reps integer, best_one_rep_max_kg float8)
    RETURNING id, position
  )
  INSERT INTO workout_log_sets (log_exercise_id, set_number, reps, weight_kg, duration_seconds)
  SELECT ex.id, s.set_number, s.reps, s.weight_kg, s.duration_seconds
  FROM ex JOIN jsonb_to_recordset(p->'sets') AS s(position integer, set_number integer,
    reps integer, weight_kg float8, duration_seconds integer) ON s.position = ex.position;

  -- The records as they were, then the greater of old and new.
  SELECT coalesce(jsonb_agg(to_jsonb(r) ORDER BY r.exercise_id), '[]'::jsonb) INTO v_previous
  FROM (
    SELECT pr.exercise_id, pr.heaviest_weight_kg, pr.most_reps, pr.best_one_rep_max_kg
    FROM personal_records pr
    WHERE pr.user_id = v_user
      AND pr.exercise_id IN (SELECT (e->>'exercise_id')::integer FROM jsonb_array_elements(p->'records') e)
    ORDER BY pr.exercise_id
    FOR UPDATE
  ) r;

  INSERT INTO personal_records (user_id, exercise_id, heaviest_weight_kg, most_reps,
    best_one_rep_max_kg, achieved_on)
  SELECT v_user, r.exercise_id, r.heaviest_weight_kg, r.most_reps, r.best_one_rep_max_kg, v_on
  FROM jsonb_to_recordset(p->'records') AS r(exercise_id integer, heaviest_weight_kg float8,
    most_reps integer, best_one_rep_max_kg float8)
  ORDER BY r.exercise_id
  ON CONFLICT (user_id, exercise_id) DO UPDATE SET
    heaviest_weight_kg = greatest(personal_records.heaviest_weight_kg, excluded.heaviest_weight_kg),
    most_reps = greatest(personal_records.most_reps, excluded.most_reps),
    best_one_rep_max_kg = greatest(personal_records.best_one_rep_max_kg, excluded.best_one_rep_max_kg),
    achieved_on = excluded.achieved_on;

  SELECT jsonb_build_object('total_workouts', t.total_workouts, 'total_volume_kg', t.total_volume_kg,
    'streak_days', t.streak_days, 'streak_weeks', t.streak_weeks,
    'last_workout_on', t.last_workout_on::text)
  INTO v_before
  FROM training_stats t WHERE t.user_id = v_user FOR UPDATE;

  -- Totals add up; streaks move forward a day or a week, or start again. A log dated before
  -- the last one leaves them as they are: the caller recounts from the history.
  INSERT INTO training_stats AS t (user_id, total_workouts, total_volume_kg, total_reps,
    total_seconds, streak_days, longest_streak_days, streak_weeks, last_workout_on)
  VALUES (v_user, 1, (p->>'total_volume_kg')::float8, (p->>'total_reps')::integer,
    coalesce((p->>'duration_seconds')::integer, 0), 1, 1, 1, v_on)
  ON CONFLICT (user_id) DO UPDATE SET
    total_workouts = t.total_workouts + 1,
    total_volume_kg = t.total_volume_kg + excluded.total_volume_kg,
    total_reps = t.total_reps + excluded.total_reps,
    total_seconds = t.total_seconds + excluded.total_seconds,
    streak_days = CASE
      WHEN t.last_workout_on IS NULL THEN 1
      WHEN excluded.last_workout_on = t.last_workout_on + 1 THEN t.streak_days + 1
      WHEN excluded.last_workout_on > t.last_workout_on + 1 THEN 1
      ELSE t.streak_days END,
    longest_streak_days = greatest(t.longest_streak_days, CASE
      WHEN t.last_workout_on IS NULL THEN 1
      WHEN excluded.last_workout_on = t.last_workout_on + 1 THEN t.streak_days + 1
      WHEN excluded.last_workout_on > t.last_workout_on + 1 THEN 1
      ELSE t.streak_days END),
    streak_weeks = CASE
      WHEN t.last_workout_on IS NULL THEN 1
      WHEN date_trunc('week', excluded.last_workout_on)
           = date_trunc('week', t.last_workout_on) + interval '7 days' THEN t.streak_weeks + 1
      WHEN date_trunc('week', excluded.last_workout_on)
           > date_trunc('week', t.last_workout_on) + interval '7 days' THEN 1
      ELSE t.streak_weeks END,
    last_workout_on = greatest(t.last_workout_on, excluded.last_workout_on),
    updated_at = now()
  RETURNING jsonb_build_object('total_workouts', t.total_workouts,
    'total_volume_kg', t.total_volume_kg, 'streak_days', t.streak_days,
    'streak_weeks', t.streak_weeks, 'last_workout_on', t.last_workout_on::text)
  INTO v_after;

  RETURN jsonb_build_object('log_id', v_log, 'title', v_title, 'previous_records', v_previous,
    'before', v_before, 'after', v_after);
END;
$$;
