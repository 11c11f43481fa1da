import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommentPage } from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export const COMMENT_PAGE_SIZE = 20;

export function commentsQueryOptions(logId: number) {
  return infiniteQueryOptions({
    queryKey: feedKeys.comments(logId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(COMMENT_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<CommentPage>(`/api/feed/${logId}/comments?${params.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** All of an entry's comments, newest first (read when the member opens them). */
export function useComments(logId: number, enabled: boolean) {
  return useInfiniteQuery({ ...commentsQueryOptions(logId), enabled });
}
