import type { AdminReport, ResolveReportInput } from '@fitcoach/shared/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys, reportMutationKeys } from './keys';

export function resolveReport(id: number, input: ResolveReportInput) {
  return api.post<AdminReport>(`/api/admin/reports/${id}/resolve`, input);
}

/** Dismiss, remove the content or suspend the author; every list of reports is read again. */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: reportMutationKeys.resolve(),
    mutationFn: ({ id, input }: { id: number; input: ResolveReportInput }) =>
      resolveReport(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.lists() }),
  });
}
