import { idParam } from '@fitcoach/shared/pagination';

export type BuilderAction = 'create' | 'update';

export interface WorkoutBuilderParams {
  action: BuilderAction;
  /** The workout to edit; null when none is chosen yet (or the URL's id is not an id). */
  workoutId: number | null;
}

/**
 * The spec: action "update" edits a workout (its id in `workout_id`), any other action, or none,
 * creates one.
 */
export function readWorkoutBuilderParams(params: URLSearchParams): WorkoutBuilderParams {
  const action: BuilderAction = params.get('action') === 'update' ? 'update' : 'create';
  if (action === 'create') return { action, workoutId: null };
  const id = idParam.safeParse(params.get('workout_id') ?? '');
  return { action, workoutId: id.success ? id.data : null };
}
