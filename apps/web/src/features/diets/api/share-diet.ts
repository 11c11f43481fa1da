import { useMutation, type QueryKey } from '@tanstack/react-query';
import type { MemberSummary } from '@fitcoach/shared/friends';
import type { ShareDietInput, ShareDietResult } from '@fitcoach/shared/diets';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/** Where the share modal finds friends (the friends feature's search, handed in by app/). */
export interface DietFriendPicker {
  queryKey: QueryKey;
  search: SearchFetcher<MemberSummary>;
}

export function shareDiet(input: ShareDietInput) {
  return api.post<ShareDietResult>('/api/diet/share_diet', input);
}

export function useShareDiet() {
  return useMutation({ mutationFn: shareDiet });
}
