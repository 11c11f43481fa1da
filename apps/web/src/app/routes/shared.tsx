import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import {
  sharedDietsQueryOptions,
  sharedProgramsQueryOptions,
  sharedQueryOptions,
} from '../../features/feed/api/get-shared';
import {
  SharedDietsList,
  SharedList,
  SharedProgramsList,
} from '../../features/feed/components/shared-list';
import { queryClient } from '../query-client';

export async function loader() {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(sharedQueryOptions),
    queryClient.ensureInfiniteQueryData(sharedDietsQueryOptions),
    queryClient.ensureInfiniteQueryData(sharedProgramsQueryOptions),
  ]);
  return null;
}

/**
 * "Shared with me": the workouts, diets and programs friends shared, who shared each and when.
 * A workout's "Save a copy" opens the copy; a diet or program opens read-only, with its copy
 * button on its page.
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
      <Stack gap="sm" component="section" aria-labelledby="shared-workouts">
        <Title order={2} size="h4" id="shared-workouts">
          {t('shared.workouts')}
        </Title>
        <SharedList
          workoutHref={paths.workout.href}
          onSaved={(copy) => {
            notifications.show({
              color: 'teal',
              title: t('shared.savedTitle'),
              message: t('shared.savedMessage', { title: copy.title }),
            });
            void navigate(paths.workout.href(copy.id));
          }}
        />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="shared-diets">
        <Title order={2} size="h4" id="shared-diets">
          {t('shared.diets')}
        </Title>
        <SharedDietsList dietHref={paths.diet.href} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="shared-programs">
        <Title order={2} size="h4" id="shared-programs">
          {t('shared.programs')}
        </Title>
        <SharedProgramsList programHref={paths.program.href} />
      </Stack>
    </Stack>
  );
}
