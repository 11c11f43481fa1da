import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../lib/realtime';
import { videoAnalysisKeys } from './keys';

const refetchOnReconnect = [videoAnalysisKeys.all];

/**
 * Keeps analyses current while the other side acts (a coach's comment, a member's review
 * request): the viewer's NotificationsChannel says `video_analysis.changed`, and that analysis,
 * the lists and the queues are read again.
 */
export function useVideoAnalysisUpdates(): void {
  const queryClient = useQueryClient();
  useChannel(
    'NotificationsChannel',
    {
      received(event) {
        if (event.type !== 'video_analysis.changed') return;
        void queryClient.invalidateQueries({ queryKey: videoAnalysisKeys.all });
      },
    },
    { refetchOnReconnect },
  );
}
