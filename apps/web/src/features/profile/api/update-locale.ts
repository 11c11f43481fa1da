import type { LocaleUpdateInput } from '@fitcoach/shared/profile';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileMutationKeys } from './keys';

/** The member's language on every device; null follows each browser's. */
export function updateLocale(input: LocaleUpdateInput): Promise<{ ok: true }> {
  return api.put<{ ok: true }>('/api/profile/locale', input);
}

export function useUpdateLocale() {
  return useMutation({
    // The signed-in user carries the language: app/ refreshes it after this key.
    mutationKey: profileMutationKeys.locale(),
    mutationFn: updateLocale,
  });
}
