import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type {
  AdminExercise,
  AdminFood,
  AdminPersona,
  AdminTag,
  AdminWorkout,
  ContentKind,
} from '@fitcoach/shared/content';
import type { Page } from '@fitcoach/shared/pagination';
import { api } from '../../../lib/api-client';
import { contentKeys, type ContentFilter } from './keys';

/** What each kind's list answers. */
export interface ContentItems {
  exercises: AdminExercise;
  workouts: AdminWorkout;
  foods: AdminFood;
  personas: AdminPersona;
  tags: AdminTag;
}
export type ContentItem = ContentItems[ContentKind];

export const CONTENT_PAGE_SIZE = 25;

export function listContent<K extends ContentKind>(
  kind: K,
  filter: ContentFilter,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ limit: String(CONTENT_PAGE_SIZE), status: filter.status });
  if (filter.q) params.set('q', filter.q);
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<ContentItems[K]>>(`/api/admin/content/${kind}?${params.toString()}`, signal);
}

export const contentListQueryOptions = <K extends ContentKind>(kind: K, filter: ContentFilter) =>
  infiniteQueryOptions({
    queryKey: contentKeys.list(kind, filter),
    queryFn: ({ pageParam, signal }) => listContent(kind, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search loads, the last results stay (no flash per keystroke).
    placeholderData: keepPreviousData,
  });

export function useContentList<K extends ContentKind>(kind: K, filter: ContentFilter) {
  return useInfiniteQuery(contentListQueryOptions(kind, filter));
}
