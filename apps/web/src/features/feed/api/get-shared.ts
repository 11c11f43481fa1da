import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SharedPage } from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export const SHARED_PAGE_SIZE = 20;

export const sharedQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.shared(),
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(SHARED_PAGE_SIZE) });
    if (pageParam) params.set('cursor', pageParam);
    return api.get<SharedPage>(`/api/shared?${params.toString()}`, signal);
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

/** Workouts friends shared with the member, newest first. */
export function useShared() {
  return useInfiniteQuery(sharedQueryOptions);
}
