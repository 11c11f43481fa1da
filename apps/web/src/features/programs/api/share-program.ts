import type { ShareProgramInput, ShareProgramResult } from '@fitcoach/shared/programs';
import { api } from '../../../lib/api-client';

/** `POST /api/program/share_program` (status 200 means success). */
export function shareProgram(input: ShareProgramInput) {
  return api.post<ShareProgramResult>('/api/program/share_program', input);
}
