import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import {
  sharedDietsQueryOptions,
  sharedProgramsQueryOptions,
  sharedQueryOptions,
  sharedTrainerThreadsQueryOptions,
} from '../../features/feed/api/get-shared';
import { SharedSection } from '../../features/feed/components/shared-list';
import { queryClient } from '../query-client';

export async function loader() {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(sharedQueryOptions),
    queryClient.ensureInfiniteQueryData(sharedDietsQueryOptions),
    queryClient.ensureInfiniteQueryData(sharedProgramsQueryOptions),
    queryClient.ensureInfiniteQueryData(sharedTrainerThreadsQueryOptions),
  ]);
  return null;
}

/**
 * "Shared with me": the workouts, diets, programs and trainer conversations friends shared, who
 * shared each and when. A workout's "Save a copy" opens the copy; the others open read-only,
 * with their copy button on their page.
 */
export function Component() {
  const { t } = useTranslation('feed');
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('shared.title')}
        </Title>
        <Text c="dimmed">{t('shared.intro')}</Text>
      </Stack>
      <SharedSection
        kind="workouts"
        href={paths.workout.href}
        onSaved={(copy) => {
          notifications.show({
            color: 'teal',
            title: t('shared.savedTitle'),
            message: t('shared.savedMessage', { title: copy.title }),
          });
          void navigate(paths.workout.href(copy.id));
        }}
      />
      <SharedSection kind="diets" href={paths.diet.href} />
      <SharedSection kind="programs" href={paths.program.href} />
      <SharedSection kind="trainerThreads" href={paths.trainerThread.href} />
    </Stack>
  );
}
