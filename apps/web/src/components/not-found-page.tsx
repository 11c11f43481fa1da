import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { mainContentProps, SkipLink } from './skip-link';

export function NotFoundPage() {
  return (
    <>
      <SkipLink />
      <Center component="main" mih="70vh" p="md" {...mainContentProps}>
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Text fz={64} fw={900} c="dimmed" lh={1} aria-hidden>
            404
          </Text>
          <Title order={1} size="h2">
            Page not found
          </Title>
          <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
          <Button component={Link} to="/">
            Back to FitCoach
          </Button>
        </Stack>
      </Center>
    </>
  );
}
