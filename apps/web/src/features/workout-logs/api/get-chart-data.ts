import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartData } from '@fitcoach/shared/workout-logs';
import { api } from '../../../lib/api-client';
import { workoutLogKeys } from './keys';

/** One workout's sessions, or every session when `workoutId` is null. */
export function getChartData(workoutId: number | null): Promise<ChartData> {
  return api.post<ChartData>(
    '/api/workout/chart_data',
    workoutId === null ? {} : { workout_id: workoutId },
  );
}

export function chartDataQueryOptions(workoutId: number | null) {
  return queryOptions({
    queryKey: workoutLogKeys.chart(workoutId),
    queryFn: () => getChartData(workoutId),
  });
}

export function useChartData(workoutId: number | null) {
  // Switching workouts keeps the last charts on screen until the new ones arrive.
  return useQuery({ ...chartDataQueryOptions(workoutId), placeholderData: keepPreviousData });
}
