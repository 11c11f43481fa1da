import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KudosResult } from '@fitcoach/shared/feed';
import { api } from '../../../lib/api-client';
import { updateEntry, type FeedData } from './get-feed';
import { feedKeys } from './keys';

export function giveKudos(input: { logId: number; given: boolean }): Promise<KudosResult> {
  return api.post<KudosResult>(`/api/feed/${input.logId}/kudos`, { given: input.given });
}

/** Kudos show at once; a failure puts the count back. */
export function useGiveKudos() {
  const queryClient = useQueryClient();
  const key = feedKeys.list();
  return useMutation({
    mutationFn: giveKudos,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FeedData>(key);
      queryClient.setQueryData<FeedData>(key, (data) =>
        updateEntry(data, input.logId, (entry) => ({
          ...entry,
          kudos_given: input.given,
          kudos_count: Math.max(0, entry.kudos_count + (input.given ? 1 : -1)),
        })),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<FeedData>(key, (data) =>
        updateEntry(data, result.log_id, (entry) => ({
          ...entry,
          kudos_given: result.given,
          kudos_count: result.kudos_count,
        })),
      );
    },
  });
}
