import { Button, Group, Stack } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { coachClientsQueryOptions } from '../../features/coaching/api/get-clients';
import { CoachPage } from '../../features/coaching/components/coach-page';
import { loadNamespace } from '../../i18n/i18n';
import { queryClient } from '../query-client';

export async function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(coachClientsQueryOptions());
  // The link to the video review queue is worded in its lazy catalogue.
  await loadNamespace('video-analysis');
  return null;
}

/** `/coach`: a coach's (or admin's) clients, invitations, and inviting a member. */
export function Component() {
  const { t } = useTranslation('video-analysis');
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={paths.coachReviews.href()}
          variant="light"
          leftSection={<IconVideo size={16} />}
        >
          {t('review.title')}
        </Button>
      </Group>
      <CoachPage />
    </Stack>
  );
}
