import type { ShareDietInput, ShareDietResult } from '@fitcoach/shared/diets';
import { api } from '../../../lib/api-client';

/** `POST /api/diet/share_diet` (spec section 7; status 200 means success). */
export function shareDiet(input: ShareDietInput) {
  return api.post<ShareDietResult>('/api/diet/share_diet', input);
}
