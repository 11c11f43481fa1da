import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoAnalysisKeys } from './keys';

export function deleteVideoAnalysis(id: number) {
  return api.delete<void>(`/api/video_analysis/${id}`);
}

/** The member deletes an analysis and its video; lists and queues refresh. */
export function useDeleteVideoAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoAnalysis,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: videoAnalysisKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: videoAnalysisKeys.all });
    },
  });
}
