import type { LogComment } from '@fitcoach/shared/coaching';
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { useMyCoaching } from '../api/get-my-coaching';
import { useMyLogComments } from '../api/log-comments';
import { LogCommentThread } from './log-comment-thread';

/**
 * For the history page: the comments on the member's loaded logs (one request), and whether
 * they have a coach to write to. Answers what each log card shows under it.
 */
export function useHistoryComments(logs: WorkoutLog[]) {
  const comments = useMyLogComments(logs.map((l) => l.id));
  const mine = useMyCoaching();
  const hasCoach = (mine.data?.coaches.length ?? 0) > 0;
  const byLog = new Map<number, LogComment[]>();
  for (const c of comments.data?.items ?? [])
    byLog.set(c.log_id, [...(byLog.get(c.log_id) ?? []), c]);
  return (log: WorkoutLog) => (
    <LogCommentThread
      logId={log.id}
      logTitle={log.title}
      comments={byLog.get(log.id) ?? []}
      canWrite={hasCoach}
      collapsedWhenEmpty
    />
  );
}
