import { MantineProvider, mergeThemeOverrides, Notification, type ModalProps } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { getMe, meQueryOptions } from '../features/auth/api/get-me';
import { i18n } from '../i18n/i18n';
import { setCsrfRefresher, setFirstCsrfToken } from '../lib/api-client';
import { queryClient } from './query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// When the server calls our CSRF token stale (the session changed in another tab), the API
// client fetches a fresh one and retries once.
setCsrfRefresher(async () => (await getMe()).csrf_token);
// A page that posts before the first token came waits for the app's own first
// `/api/auth/me` (shared through the query client, not sent twice: two at once without a cookie
// would each set a different CSRF secret, and one token would then not match).
setFirstCsrfToken(async () => (await queryClient.fetchQuery(meQueryOptions)).csrf_token);
// The server words some of what it sends in the language the app asks in (trainer personas and
// answers, food names, messages): after a switch, what is cached was worded in the old language.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

/**
 * Toasts sit at the top centre, three at most. Not at the bottom: there they covered forms'
 * submit buttons and the guided finish screen's links. The notifications list that opens under
 * the bell stacks above them, so a toast arriving while it is open never hides its header.
 */
function Toasts() {
  return <Notifications position="top-center" limit={3} />;
}

/** The theme, with the texts Mantine components show by default in the member's language. */
function useLocalizedTheme() {
  const { t } = useTranslation();
  const close = t('dialog.close');
  const dismiss = t('dialog.dismissToast');
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          // Screen readers announce the close button of every dialog by name.
          // (Without `Modal.extend`, which only types its argument: importing Modal here put it,
          // its scroll area and floating-ui on the first page, bench/bundle-size.ts.)
          Modal: {
            defaultProps: {
              closeButtonProps: { 'aria-label': close },
            } satisfies Partial<ModalProps>,
          },
          // Toasts too: Mantine's close button is an icon with no name of its own.
          Notification: Notification.extend({
            defaultProps: { closeButtonProps: { 'aria-label': dismiss } },
          }),
        },
      }),
    [close, dismiss],
  );
}

function Providers() {
  return (
    <MantineProvider
      theme={useLocalizedTheme()}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        {/* Confirmation dialogs (`modals`) are the signed-in pages': their provider is in the
            signed-in layout, so the first page does not load dialogs. */}
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function AppProvider() {
  return (
    <I18nextProvider i18n={i18n}>
      <Providers />
    </I18nextProvider>
  );
}
