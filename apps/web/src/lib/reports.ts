import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput, Report } from '@fitcoach/shared/reports';
import { api } from './api-client';

/**
 * `POST /api/reports`: a member reports a message, a proof or a profile for the admins to look
 * at. Here rather than in a feature: the chat, the challenges' review and the friends list each
 * offer it, and features do not import each other.
 */
export function createReport(input: CreateReportInput): Promise<Report> {
  return api.post<Report>('/api/reports', input);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
