import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FollowActionInput,
  ProgramDetail,
  StartProgramInput,
} from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';
import { localDate } from '../../../lib/local-date';
import { programKeys, programMutationKeys } from './keys';

/** `POST /api/program/:id/start`: follow (or restart) from a date, the member's today by default. */
export function startProgram(id: number, input: StartProgramInput, date = localDate()) {
  return api.post<ProgramDetail>(
    `/api/program/${id}/start?date=${encodeURIComponent(date)}`,
    input,
  );
}

export type FollowAction = 'pause' | 'resume' | 'leave';

/** `POST /api/program/:id/pause` | `resume` | `leave`, on the member's own date. */
export function followAction(id: number, action: FollowAction, input: FollowActionInput = {}) {
  return api.post<ProgramDetail>(`/api/program/${id}/${action}`, {
    date: localDate(),
    ...input,
  });
}

type FollowVariables =
  | { action: 'start'; input: StartProgramInput }
  | { action: FollowAction; input?: FollowActionInput };

/**
 * Start, pause, resume or leave a program. The answer is the program's new calendar; every
 * program query is refreshed too, since starting one may pause another and today's session
 * changes with it.
 */
export function useFollowProgram(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: programMutationKeys.follow(),
    mutationFn: (v: FollowVariables) =>
      v.action === 'start' ? startProgram(id, v.input) : followAction(id, v.action, v.input),
    onSuccess: (detail) => {
      queryClient.setQueryData(programKeys.detail(id, localDate()), detail);
      void queryClient.invalidateQueries({ queryKey: programKeys.all });
    },
  });
}
