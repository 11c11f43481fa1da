import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { refreshOtherFeatures } from '../app/cross-feature-refresh';
import { exerciseLibrary } from '../app/exercise-library';
import { theme } from '../app/theme';
import { ExerciseLibraryContext } from '../features/workouts/api/exercise-library';
import { createQueryClient } from '../lib/query-client';

/** The app's query client (cross-feature refreshes included), without retries or refetch timers. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient({ onMutationSuccess: refreshOtherFeatures });
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, refetchOnWindowFocus: false },
  });
  return client;
}

export interface RenderOptions {
  /** The URL the page is at, e.g. `/builder?tab=workout&action=update&workout_id=4`. */
  route?: string;
  client?: QueryClient;
}

/**
 * Renders a component as the app would: Mantine (without transitions or portals), toasts,
 * modals, the query client and a router at `route`. Answers Testing Library's queries plus a
 * user-event `user`, the `router` (where navigation went) and the query `client`.
 */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const client = options.client ?? createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [options.route ?? '/'],
  });
  const user = userEvent.setup();
  onTestFinished(() => {
    // The toast store outlives a render; the next test starts without this one's toasts.
    notifications.clean();
    client.clear();
  });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <ExerciseLibraryContext value={exerciseLibrary}>
            <RouterProvider router={router} />
          </ExerciseLibraryContext>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, user, router, client };
}
