import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { api } from '../../../lib/api-client';
import { videoAnalysisKeys } from './keys';

export const videoAnalysisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: videoAnalysisKeys.detail(id),
    queryFn: ({ signal }) => api.get<VideoAnalysis>(`/api/video_analysis/${id}`, signal),
  });

/** One analysis, to its member or the coach reviewing it. */
export function useVideoAnalysis(id: number | null) {
  return useQuery({ ...videoAnalysisQueryOptions(id ?? 0), enabled: id !== null });
}
