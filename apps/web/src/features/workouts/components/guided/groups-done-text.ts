import type { WorkoutsT } from '../../lib/workouts-t';

/** "2 groups completed", "1 group completed, 1 skipped": how a guided session went. */
export function groupsDoneText(t: WorkoutsT, counts: { completed: number; skipped: number }) {
  const completed = t('guided.groupsCompleted', { count: counts.completed });
  return counts.skipped > 0
    ? t('guided.andSkipped', { completed, count: counts.skipped })
    : completed;
}
