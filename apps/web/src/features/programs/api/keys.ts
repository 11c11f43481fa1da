/** Programs (`/api/program…`): the list, one program's calendar and today's session. */
export const programKeys = {
  all: ['programs'] as const,
  list: () => [...programKeys.all, 'list'] as const,
  detail: (id: number, date: string) => [...programKeys.all, 'detail', id, date] as const,
  today: (date: string) => [...programKeys.all, 'today', date] as const,
};

/** Writes other features hear of (app/cross-feature-refresh.ts). */
export const programMutationKeys = {
  /** A program copied: its workouts are new workouts of the member's. */
  copy: () => [...programKeys.all, 'copy'] as const,
  /** A program started, paused, resumed or left. */
  follow: () => [...programKeys.all, 'follow'] as const,
};
