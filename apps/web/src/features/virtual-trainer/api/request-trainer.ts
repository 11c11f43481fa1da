import { useMutation } from '@tanstack/react-query';
import type { VirtualTrainerRequest, VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import { api } from '../../../lib/api-client';

export function requestTrainer(request: VirtualTrainerRequest): Promise<VirtualTrainerResult> {
  return api.post<VirtualTrainerResult>('/api/virtual_trainer', request);
}

/** One request to the virtual trainer; what it made is opened by the page that asked. */
export function useRequestTrainer() {
  return useMutation({ mutationFn: requestTrainer });
}
