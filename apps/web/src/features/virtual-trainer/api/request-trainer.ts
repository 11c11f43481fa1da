import { useMutation } from '@tanstack/react-query';
import type { VirtualTrainerRequest, VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import { api } from '../../../lib/api-client';
import { localDate } from '../../../lib/local-date';

/** The member's own date goes along: a generated program starts on it, not on the server's. */
export function requestTrainer(
  request: VirtualTrainerRequest,
  date = localDate(),
): Promise<VirtualTrainerResult> {
  return api.post<VirtualTrainerResult>('/api/virtual_trainer', { date, ...request });
}

/** One request to the virtual trainer; what it made is opened by the page that asked. */
export function useRequestTrainer() {
  return useMutation({ mutationFn: (request: VirtualTrainerRequest) => requestTrainer(request) });
}
