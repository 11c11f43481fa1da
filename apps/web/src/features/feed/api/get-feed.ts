import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { FeedEntry, FeedPage } from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export const FEED_PAGE_SIZE = 10;

export type FeedData = InfiniteData<FeedPage>;

export function feedUrl(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `/api/feed?${params.toString()}`;
}

export const feedQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.list(),
  queryFn: ({ pageParam, signal }) => api.get<FeedPage>(feedUrl(pageParam), signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

/** Friends' completed workouts and the member's own, newest first, a page at a time. */
export function useFeed() {
  return useInfiniteQuery(feedQueryOptions);
}

/** The feed with one entry changed (kudos, a new comment), wherever it is paged. */
export function updateEntry(
  data: FeedData | undefined,
  logId: number,
  change: (entry: FeedEntry) => FeedEntry,
): FeedData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((entry) => (entry.id === logId ? change(entry) : entry)),
    })),
  };
}
