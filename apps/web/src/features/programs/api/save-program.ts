import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramDetail, ProgramInput } from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';
import { programKeys } from './keys';

/** `POST /api/program` (new) or `PUT /api/program/:id` (edit): the builder's program, whole. */
export function saveProgram(input: ProgramInput, id: number | null): Promise<ProgramDetail> {
  return id === null
    ? api.post<ProgramDetail>('/api/program', input)
    : api.put<ProgramDetail>(`/api/program/${id}`, input);
}

export function useSaveProgram(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgramInput) => saveProgram(input, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: programKeys.all }),
  });
}
