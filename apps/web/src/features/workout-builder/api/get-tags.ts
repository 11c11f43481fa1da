import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@fitcoach/shared/exercises';
import { api } from '../../../lib/api-client';

export const tagsQueryOptions = queryOptions({
  queryKey: ['workout-builder', 'tags'] as const,
  queryFn: ({ signal }) => api.get<{ items: Tag[] }>('/api/tags', signal),
  staleTime: 60 * 60_000,
});

export function useTags() {
  return useQuery(tagsQueryOptions);
}
