import type { ShareTrainerThreadInput, ShareTrainerThreadResult } from '@fitcoach/shared/trainer';
import { api } from '../../../lib/api-client';

/** `POST /api/trainer/share_thread` (status 200 means success). */
export function shareThread(input: ShareTrainerThreadInput) {
  return api.post<ShareTrainerThreadResult>('/api/trainer/share_thread', input);
}
