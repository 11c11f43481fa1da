import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SharedDietPage, SharedPage, SharedProgramPage } from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export const SHARED_PAGE_SIZE = 20;

/** One kind of "Shared with me", paged by the share's id, newest first. */
function sharedOf<Page extends { next_cursor: string | null }>(
  queryKey: readonly unknown[],
  path: string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(SHARED_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<Page>(`${path}?${params.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.next_cursor,
  });
}

export const sharedQueryOptions = sharedOf<SharedPage>(feedKeys.shared(), '/api/shared');
export const sharedDietsQueryOptions = sharedOf<SharedDietPage>(
  feedKeys.sharedDiets(),
  '/api/shared/diets',
);
export const sharedProgramsQueryOptions = sharedOf<SharedProgramPage>(
  feedKeys.sharedPrograms(),
  '/api/shared/programs',
);

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
