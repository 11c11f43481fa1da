import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { videoAnalysisKeys } from './keys';

/** How many recent logs offer their sets. */
const RECENT_LOGS = 10;

export interface LoggedSetChoice {
  workout_log_id: number;
  exercise_id: number;
  exercise_name: string;
  set_number: number;
  reps: number;
  performed_on: string;
}

export const recentSetsQueryOptions = queryOptions({
  queryKey: videoAnalysisKeys.recentSets(),
  queryFn: async ({ signal }) => {
    const page = await api.get<Page<WorkoutLog>>(`/api/workout_log?limit=${RECENT_LOGS}`, signal);
    return page.items.flatMap((log) =>
      log.exercises.flatMap((exercise) =>
        exercise.sets.map((set): LoggedSetChoice => ({
          workout_log_id: log.id,
          exercise_id: exercise.exercise_id,
          exercise_name: exercise.name,
          set_number: set.set_number,
          reps: set.reps,
          performed_on: log.performed_on,
        })),
      ),
    );
  },
});

/** The sets of the member's latest logs, newest first, to tie an analysis to one of them. */
export function useRecentSets(enabled: boolean) {
  return useQuery({ ...recentSetsQueryOptions, enabled });
}
