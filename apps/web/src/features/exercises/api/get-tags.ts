import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Tag } from '@fitcoach/shared/exercises';
import { api } from '../../../lib/api-client';
import { tagKeys } from './keys';

/** Every tag (`GET /api/tags`). */
export function getTags(signal?: AbortSignal): Promise<{ items: Tag[] }> {
  return api.get<{ items: Tag[] }>('/api/tags', signal);
}

/** Tags are reference data: they change with a deploy, not during a visit. */
const TAGS_STALE_TIME = 60 * 60_000;

export const tagsQueryOptions = queryOptions({
  queryKey: tagKeys.all,
  queryFn: ({ signal }) => getTags(signal),
  select: (answer) => answer.items,
  staleTime: TAGS_STALE_TIME,
});

/** The tags exercise and workout lists filter by, by name. */
export function useTags() {
  return useSuspenseQuery(tagsQueryOptions);
}
