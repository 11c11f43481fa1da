import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@fitcoach/shared/pagination';
import { workoutGoals, type WorkoutGoal } from '@fitcoach/shared/profile';
import { workoutScopes, type WorkoutScope, type WorkoutSummary } from '@fitcoach/shared/workouts';
import { readTagFilter, writeTagFilter } from '../../../components/tag-filter';
import { api } from '../../../lib/api-client';
import { workoutKeys } from './keys';

/** The same size as the filter endpoint's page, so a filtered first page and the next line up. */
export const WORKOUT_PAGE_SIZE = 24;

export interface WorkoutFilters {
  scope: WorkoutScope;
  tagId: number | null;
  q: string;
  goal: WorkoutGoal | null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** The list's filters in the page URL; anything unknown there reads as no filter. */
export function readWorkoutFilters(params: URLSearchParams): WorkoutFilters {
  const scope = params.get('scope');
  const goal = params.get('goal');
  return {
    scope: oneOf(workoutScopes, scope) ? scope : 'all',
    ...readTagFilter(params),
    goal: oneOf(workoutGoals, goal) ? goal : null,
  };
}

/** The URL parameters with these filters; defaults stay out of the URL. */
export function writeWorkoutFilters(
  params: URLSearchParams,
  filters: Partial<WorkoutFilters>,
): URLSearchParams {
  const current = readWorkoutFilters(params);
  const next = { ...current, ...filters };
  const out = writeTagFilter(params, next);
  if (next.scope === 'all') out.delete('scope');
  else out.set('scope', next.scope);
  if (next.goal === null) out.delete('goal');
  else out.set('goal', next.goal);
  return out;
}

export function workoutListUrl(
  filters: WorkoutFilters,
  cursor: string | null,
  limit = WORKOUT_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ scope: filters.scope, limit: String(limit) });
  if (filters.tagId !== null) params.set('tag_id', String(filters.tagId));
  if (filters.q) params.set('q', filters.q);
  if (filters.goal) params.set('goal', filters.goal);
  if (cursor) params.set('cursor', cursor);
  return `/api/workout?${params.toString()}`;
}

/** A page of workouts (`GET /api/workout`), filtered on the server. */
export function getWorkouts(
  filters: WorkoutFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit = WORKOUT_PAGE_SIZE,
): Promise<Page<WorkoutSummary>> {
  return api.get<Page<WorkoutSummary>>(workoutListUrl(filters, cursor, limit), signal);
}

export function workoutsQueryOptions(filters: WorkoutFilters) {
  return infiniteQueryOptions({
    queryKey: workoutKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getWorkouts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Workouts a page at a time; the previous results stay on screen while new ones load. */
export function useWorkouts(filters: WorkoutFilters) {
  return useInfiniteQuery({ ...workoutsQueryOptions(filters), placeholderData: keepPreviousData });
}
