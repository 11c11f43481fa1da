import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { VideoAnalysisList } from './get-video-analyses';
import { videoAnalysisKeys } from './keys';

export const reviewQueueQueryOptions = (status: 'requested' | 'reviewed') =>
  queryOptions({
    queryKey: videoAnalysisKeys.reviews(status),
    queryFn: ({ signal }) =>
      api.get<VideoAnalysisList>(`/api/video_analysis/reviews?status=${status}`, signal),
  });

/** A coach's queue: videos asked of them or of any coach (oldest first), or those reviewed. */
export function useReviewQueue(status: 'requested' | 'reviewed') {
  return useQuery(reviewQueueQueryOptions(status));
}
