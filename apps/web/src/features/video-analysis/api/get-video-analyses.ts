import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { api } from '../../../lib/api-client';
import { videoAnalysisKeys } from './keys';

export interface VideoAnalysisList {
  items: VideoAnalysis[];
}

export interface VideoAnalysisFilter {
  /** One exercise's analyses (its progress over time), by name. */
  exercise?: string;
  workoutLogId?: number;
}

export const videoAnalysesQueryOptions = (filter: VideoAnalysisFilter) =>
  queryOptions({
    queryKey: videoAnalysisKeys.list(filter),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filter.exercise) query.set('exercise', filter.exercise);
      if (filter.workoutLogId) query.set('workout_log_id', String(filter.workoutLogId));
      const qs = query.toString();
      return api.get<VideoAnalysisList>(`/api/video_analysis${qs ? `?${qs}` : ''}`, signal);
    },
  });

/** The member's own analyses, newest first (of one exercise, or of one logged workout). */
export function useVideoAnalyses(filter: VideoAnalysisFilter, enabled = true) {
  return useQuery({ ...videoAnalysesQueryOptions(filter), enabled });
}
