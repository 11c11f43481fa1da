import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Tag } from '@fitcoach/shared/exercises';
import { api } from '../../../lib/api-client';

export const tagsQueryOptions = queryOptions({
  queryKey: ['tags'],
  queryFn: ({ signal }) => api.get<{ items: Tag[] }>('/api/tags', signal),
  select: (answer) => answer.items,
  // Tags are reference data: they change with a deploy, not during a visit.
  staleTime: 60 * 60_000,
});

/** The tags exercise and workout lists filter by, by name. */
export function useTags() {
  return useSuspenseQuery(tagsQueryOptions);
}
