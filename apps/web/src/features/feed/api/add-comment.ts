import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedComment } from '@fitcoach/shared/feed';
import { FEED_LATEST_COMMENTS } from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { updateEntry, type FeedData } from './get-feed';
import { feedKeys } from './keys';

export function addComment(input: { logId: number; body: string }): Promise<FeedComment> {
  return api.post<FeedComment>(`/api/feed/${input.logId}/comments`, { body: input.body });
}

/** A comment shows under its entry once saved; the entry's full list is read again. */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (comment) => {
      queryClient.setQueryData<FeedData>(feedKeys.list(), (data) =>
        updateEntry(data, comment.log_id, (entry) => ({
          ...entry,
          comment_count: entry.comment_count + 1,
          comments: [...entry.comments, comment].slice(-FEED_LATEST_COMMENTS),
        })),
      );
      void queryClient.invalidateQueries({ queryKey: feedKeys.comments(comment.log_id) });
    },
  });
}
