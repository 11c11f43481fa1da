import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';
import { programKeys, programMutationKeys } from './keys';
import { localDate } from '../../../lib/local-date';

/**
 * `POST /api/program/:id/copy`: the member's own program with their own copies of its workouts,
 * starting today (the member's own date, as the calendar reads it).
 */
export function copyProgram(id: number, date = localDate()): Promise<ProgramDetail> {
  return api.post<ProgramDetail>(`/api/program/${id}/copy?date=${encodeURIComponent(date)}`);
}

export function useCopyProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: programMutationKeys.copy(),
    mutationFn: (id: number) => copyProgram(id),
    onSuccess: () => {
      // The list, and "today's session" when the copy starts this week.
      void queryClient.invalidateQueries({ queryKey: programKeys.all });
    },
  });
}
