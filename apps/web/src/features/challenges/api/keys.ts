import type { ChallengeTab } from '@fitcoach/shared/challenges';

/**
 * Challenges (`/api/challenge`). Everything sits under `challengeKeys.all`: a join, a
 * submission or a review changes a challenge's details, its board, its queue and the lists
 * (counts and progress show there), so a write refreshes them together.
 */
export const challengeKeys = {
  all: ['challenges'] as const,
  lists: () => [...challengeKeys.all, 'list'] as const,
  list: (tab: ChallengeTab) => [...challengeKeys.lists(), tab] as const,
  detail: (id: number) => [...challengeKeys.all, 'detail', id] as const,
  leaderboard: (id: number) => [...challengeKeys.all, 'detail', id, 'leaderboard'] as const,
  submissions: (id: number) => [...challengeKeys.all, 'detail', id, 'submissions'] as const,
  /** The create form's workout search (the enhanced select box). */
  workoutSearch: (scope: string) => [...challengeKeys.all, 'workout-search', scope] as const,
  /** The teams the member owns or coaches, for a team challenge (the form's team select). */
  teams: () => [...challengeKeys.all, 'teams'] as const,
};
