import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogComment, LogCommentList } from '@fitcoach/shared/coaching';
import { api } from '../../../lib/api-client';
import { coachingKeys } from './keys';

export const logCommentsQueryOptions = (logId: number) =>
  queryOptions({
    queryKey: coachingKeys.comments(logId),
    queryFn: ({ signal }) => api.get<LogCommentList>(`/api/workout_log/${logId}/comments`, signal),
  });

/** One log's comments between the member and their coach, oldest first. */
export function useLogComments(logId: number, enabled = true) {
  return useQuery({ ...logCommentsQueryOptions(logId), enabled });
}

/** The comments on the member's own logs among `logIds` (one request for a history page). */
export function useMyLogComments(logIds: number[]) {
  const ids = logIds.slice(0, 100).join(',');
  return useQuery({
    queryKey: coachingKeys.myLogComments(ids),
    queryFn: ({ signal }) =>
      api.get<LogCommentList>(`/api/coach/log_comments?log_ids=${ids}`, signal),
    enabled: ids !== '',
    placeholderData: (previous) => previous,
  });
}

/** `POST /api/workout_log/:id/comments`: the thread, and every list counting it, refresh. */
export function useAddLogComment(logId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<LogComment>(`/api/workout_log/${logId}/comments`, { body }),
    onSuccess: (comment) => {
      queryClient.setQueryData<LogCommentList>(coachingKeys.comments(logId), (list) =>
        list ? { items: [...list.items, comment] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: coachingKeys.all });
    },
  });
}
