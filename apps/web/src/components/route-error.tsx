import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useEffect, useState } from 'react';
import {
  isConnectionFailure,
  reloadAfterFailedNavigation,
  shouldReloadAfterFailedNavigation,
} from '../lib/navigation-reload';
import { NotFoundPage } from './not-found-page';
import { mainContentProps, SkipLink } from './skip-link';

/** The router's error boundary: 404s, connection failures (full reload) and the unexpected. */
export function RouteError() {
  const error = useRouteError();
  const connection = isConnectionFailure(error);
  // Decided once per error screen: the reload itself records the attempt.
  const [reloading] = useState(() => connection && shouldReloadAfterFailedNavigation());

  useEffect(() => {
    if (reloading) reloadAfterFailedNavigation();
  }, [reloading]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) return null;

  return (
    <>
      <SkipLink />
      <Center component="main" mih="70vh" p="md" {...mainContentProps}>
        <Stack align="center" gap="sm" maw={420} ta="center">
          {connection && <IconWifiOff size={40} aria-hidden />}
          <Title order={1} size="h2">
            {connection ? 'You seem to be offline' : 'Something went wrong'}
          </Title>
          <Text c="dimmed">
            {connection
              ? 'FitCoach could not be reached. Check your connection, then try again.'
              : 'This page hit an unexpected error. Reloading usually fixes it; your saved data is safe.'}
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Try again</Button>
            <Button variant="default" component={Link} to="/" reloadDocument>
              Go home
            </Button>
          </Group>
        </Stack>
      </Center>
    </>
  );
}
