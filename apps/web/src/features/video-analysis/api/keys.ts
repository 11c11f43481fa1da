/**
 * Exercise video analyses (`/api/video_analysis`). Everything sits under `videoAnalysisKeys.all`:
 * a comment, a review request or an attached video changes the analysis, the member's lists and
 * a coach's queue at once.
 */
export const videoAnalysisKeys = {
  all: ['video-analysis'] as const,
  lists: () => [...videoAnalysisKeys.all, 'list'] as const,
  list: (filter: { exercise?: string; workoutLogId?: number }) =>
    [...videoAnalysisKeys.lists(), filter] as const,
  detail: (id: number) => [...videoAnalysisKeys.all, 'detail', id] as const,
  /** The sets of the member's recent logs, to tie an analysis to. */
  recentSets: () => [...videoAnalysisKeys.all, 'recent-sets'] as const,
  reviews: (status: 'requested' | 'reviewed') =>
    [...videoAnalysisKeys.all, 'reviews', status] as const,
};
