import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalysisInput, VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { api } from '../../../lib/api-client';
import { videoAnalysisKeys } from './keys';

export function saveVideoAnalysis(input: AnalysisInput) {
  return api.post<VideoAnalysis>('/api/video_analysis', input);
}

/** Keeps an analysis (optionally tied to a logged set); the member's lists refresh. */
export function useSaveVideoAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideoAnalysis,
    onSuccess: (saved) => {
      queryClient.setQueryData(videoAnalysisKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: videoAnalysisKeys.lists() });
    },
  });
}
