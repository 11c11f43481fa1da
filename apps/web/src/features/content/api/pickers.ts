import { useQuery } from '@tanstack/react-query';
import type { AdminTag } from '@fitcoach/shared/content';
import type { Page } from '@fitcoach/shared/pagination';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';
import { contentKeys } from './keys';

/** Every tag, retired ones too (an exercise may keep one), for the exercise form's picker. */
export function useTagOptions() {
  return useQuery({
    queryKey: contentKeys.tagOptions(),
    queryFn: ({ signal }) =>
      api.get<Page<AdminTag>>('/api/admin/content/tags?status=all&limit=100', signal),
    select: (page) => page.items,
  });
}

/** The admin's own workouts (built with the builder), to copy one into the library. */
export const searchMyWorkouts: SearchFetcher<WorkoutSummary> = (q, cursor, signal) => {
  const params = new URLSearchParams({ scope: 'mine', limit: '20' });
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return api.get<Page<WorkoutSummary>>(`/api/workout?${params.toString()}`, signal);
};
