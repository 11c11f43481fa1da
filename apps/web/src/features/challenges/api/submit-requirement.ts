import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnSubmission, SubmitRequirementInput } from '@fitcoach/shared/challenges';
import { api } from '../../../lib/api-client';
import { challengeKeys } from './keys';

/** Where a proof's blob is declared (the direct-upload protocol, purpose `challenge_proof`). */
export const PROOF_DIRECT_UPLOAD_URL =
  '/rails/active_storage/direct_uploads?purpose=challenge_proof';

export function submitRequirement(
  challengeId: number,
  requirementId: number,
  input: SubmitRequirementInput,
) {
  return api.post<OwnSubmission>(
    `/api/challenge/${challengeId}/requirements/${requirementId}/submit`,
    input,
  );
}

/** Submits a requirement; the challenge (your progress), its board, queue and lists refresh. */
export function useSubmitRequirement(challengeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { requirementId: number; input: SubmitRequirementInput }) =>
      submitRequirement(challengeId, vars.requirementId, vars.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.detail(challengeId) }),
  });
}
