import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '../features/auth/api/get-me';
import { onRealtimeClosedByServer } from '../lib/realtime';

/**
 * When the server closes the realtime connection for good, the member's session has ended
 * somewhere else (another page signed out, a password change, an admin's suspension): the
 * page asks who is signed in, and the signed-in layout sends a visitor to sign-in.
 */
export function useSessionEndedElsewhere(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeClosedByServer(() => {
        void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      }),
    [queryClient],
  );
}
