import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { sharedQueryOptions } from '../../features/feed/api/get-shared';
import { SharedList } from '../../features/feed/components/shared-list';
import { queryClient } from '../query-client';

export async function loader() {
  await queryClient.ensureInfiniteQueryData(sharedQueryOptions);
  return null;
}

/** "Shared with me": what friends shared, who shared it and when; "Save a copy" opens the copy. */
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
  );
}
