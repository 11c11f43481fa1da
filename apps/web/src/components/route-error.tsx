import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isConnectionFailure,
  reloadAfterFailedNavigation,
  shouldReloadAfterFailedNavigation,
} from '../lib/navigation-reload';
import { NotFoundPage } from './not-found-page';
import { mainContentProps, SkipLink } from './skip-link';

/** The router's error boundary: 404s, connection failures (full reload) and the unexpected. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const connection = isConnectionFailure(error);
  // Decided once per error screen: the reload itself records the attempt.
  const [reloading] = useState(() => connection && shouldReloadAfterFailedNavigation());

  useEffect(() => {
    if (reloading) reloadAfterFailedNavigation();
  }, [reloading]);

  // A loader's thrown Response arrives as a route error response; one a page throws while
  // rendering (a url that names no id, e.g. /chat/abc) arrives as the Response itself.
  const status = isRouteErrorResponse(error)
    ? error.status
    : error instanceof Response
      ? error.status
      : null;
  if (status === 404) return <NotFoundPage />;
  if (reloading) return null;

  return (
    <>
      <SkipLink />
      <Center component="main" mih="70vh" p="md" {...mainContentProps}>
        <Stack align="center" gap="sm" maw={420} ta="center">
          {connection && <IconWifiOff size={40} aria-hidden />}
          <Title order={1} size="h2">
            {connection ? t('routeError.offlineTitle') : t('routeError.errorTitle')}
          </Title>
          <Text c="dimmed">
            {connection ? t('routeError.offlineBody') : t('routeError.errorBody')}
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
            <Button variant="default" component={Link} to="/" reloadDocument>
              {t('routeError.home')}
            </Button>
          </Group>
        </Stack>
      </Center>
    </>
  );
}
