import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { getMe, meQueryOptions } from '../features/auth/api/get-me';
import { setCsrfRefresher, setFirstCsrfToken } from '../lib/api-client';
import { queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

// When the server calls our CSRF token stale (the session changed in another tab), the API
// client fetches a fresh one and retries once.
setCsrfRefresher(async () => (await getMe()).csrf_token);
// A page that posts before the first token came waits for the app's own first
// `/api/auth/me` (shared through the query client, not sent twice: two at once without a cookie
// would each set a different CSRF secret, and one token would then not match).
setFirstCsrfToken(async () => (await queryClient.fetchQuery(meQueryOptions)).csrf_token);

/**
 * Toasts sit at the bottom: on a phone, across the foot of the screen; wider, in the bottom
 * right corner. At the top they covered the header and the notifications list that opens under
 * its bell (which also stacks above them, should a tall pile of toasts reach it).
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} limit={3} />;
}

export function AppProvider() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
