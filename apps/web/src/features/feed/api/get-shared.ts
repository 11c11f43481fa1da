import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type {
  SharedDietPage,
  SharedPage,
  SharedProgramPage,
  SharedTrainerThreadPage,
} from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export const SHARED_PAGE_SIZE = 20;

/** One page of one kind of "Shared with me", paged by the share's id, newest first. */
function fetchShared<Page>(path: string, cursor: string | null, signal: AbortSignal) {
  const params = new URLSearchParams({ limit: String(SHARED_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<Page>(`${path}?${params.toString()}`, signal);
}

export const sharedQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.shared(),
  queryFn: ({ pageParam, signal }) => fetchShared<SharedPage>('/api/shared', pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export const sharedDietsQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.sharedDiets(),
  queryFn: ({ pageParam, signal }) =>
    fetchShared<SharedDietPage>('/api/shared/diets', pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export const sharedProgramsQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.sharedPrograms(),
  queryFn: ({ pageParam, signal }) =>
    fetchShared<SharedProgramPage>('/api/shared/programs', pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export const sharedTrainerThreadsQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.sharedTrainerThreads(),
  queryFn: ({ pageParam, signal }) =>
    fetchShared<SharedTrainerThreadPage>('/api/shared/trainer_threads', pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

/** Workouts friends shared with the member, newest first. */
export function useShared() {
  return useInfiniteQuery(sharedQueryOptions);
}

/** Diets friends shared with the member, newest first. */
export function useSharedDiets() {
  return useInfiniteQuery(sharedDietsQueryOptions);
}

/** Programs friends shared with the member, newest first. */
export function useSharedPrograms() {
  return useInfiniteQuery(sharedProgramsQueryOptions);
}

/** Trainer conversations friends shared with the member, newest first. */
export function useSharedTrainerThreads() {
  return useInfiniteQuery(sharedTrainerThreadsQueryOptions);
}
