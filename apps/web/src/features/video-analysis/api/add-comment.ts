import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { api } from '../../../lib/api-client';
import { videoAnalysisKeys } from './keys';

export function addComment(id: number, input: { at_s: number; body: string }) {
  return api.post<VideoAnalysis>(`/api/video_analysis/${id}/comments`, input);
}

/** A comment pinned to a moment of the video; the analysis (with its comments) comes back. */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { at_s: number; body: string }) => addComment(id, input),
    onSuccess: (analysis) => {
      queryClient.setQueryData(videoAnalysisKeys.detail(id), analysis);
      return queryClient.invalidateQueries({ queryKey: videoAnalysisKeys.reviews('requested') });
    },
  });
}
