import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { api } from '../../../lib/api-client';
import { directUpload } from '../../../lib/direct-upload';
import { videoAnalysisKeys } from './keys';

/** Where an exercise video's blob is declared (the direct-upload protocol). */
export const VIDEO_DIRECT_UPLOAD_URL =
  '/rails/active_storage/direct_uploads?purpose=exercise_video';

export function attachVideo(id: number, signedId: string) {
  return api.put<VideoAnalysis>(`/api/video_analysis/${id}/video`, { signed_id: signedId });
}

export function requestReview(id: number, coachId: number | null) {
  return api.post<VideoAnalysis>(`/api/video_analysis/${id}/review`, { coach_id: coachId });
}

export interface SendToCoachVars {
  id: number;
  file: File;
  /** A named coach, or null for the member's coach or any coach. */
  coachId: number | null;
  onProgress?: (fraction: number) => void;
}

/**
 * "Send to a coach": uploads the video (skipped when it is already attached), then asks for a
 * review. Rejects with a DirectUploadError (the spec's texts) or an ApiError.
 */
export function useSendToCoach() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file, coachId, onProgress }: SendToCoachVars) => {
      const current = queryClient.getQueryData<VideoAnalysis>(videoAnalysisKeys.detail(id));
      if (!current?.video) {
        const blob = await directUpload(file, VIDEO_DIRECT_UPLOAD_URL, { onProgress });
        queryClient.setQueryData(
          videoAnalysisKeys.detail(id),
          await attachVideo(id, blob.signed_id),
        );
      }
      return requestReview(id, coachId);
    },
    onSuccess: (analysis) => {
      queryClient.setQueryData(videoAnalysisKeys.detail(analysis.id), analysis);
      return queryClient.invalidateQueries({ queryKey: videoAnalysisKeys.all });
    },
  });
}
