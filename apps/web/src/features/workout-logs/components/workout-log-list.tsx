import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteWorkoutLog } from '../api/delete-workout-log';
import { useWorkoutLogs } from '../api/get-workout-logs';
import { formatLongDay } from '../utils/format-log';
import { WorkoutLogCard } from './workout-log-card';

/** Stand-in cards while a page of history loads. */
export function WorkoutLogListSkeleton({ count = 2 }: { count?: number }) {
  return (
    <Stack gap="md" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <Card withBorder padding="lg" key={i}>
          <Stack gap="sm">
            <Skeleton h={22} w="55%" />
            <Skeleton h={14} w="35%" />
            <Group gap="xl">
              <Skeleton h={36} w={80} />
              <Skeleton h={36} w={60} />
              <Skeleton h={36} w={120} />
            </Group>
            <Skeleton h={14} w="80%" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export interface WorkoutLogListProps {
  weightUnit: string;
}

/** The member's logs, newest first, a page at a time; each can be deleted after a confirm. */
export function WorkoutLogList({ weightUnit }: WorkoutLogListProps) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } =
    useWorkoutLogs();
  const remove = useDeleteWorkoutLog();
  const { t } = useTranslation('workout-logs');
  const { locale } = useFormat();
  const logs = data.pages.flatMap((page) => page.items);

  const confirmDelete = (log: WorkoutLog) => {
    modals.openConfirmModal({
      title: t('list.delete.title'),
      centered: true,
      children: (
        <Text size="sm">
          {t('list.delete.body', {
            title: log.title,
            date: formatLongDay(locale, log.performed_on),
          })}
        </Text>
      ),
      labels: { confirm: t('list.delete.confirm'), cancel: t('list.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(log.id, {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: t('list.delete.done'),
              message: t('list.delete.doneMessage', { title: log.title }),
            });
          },
          onError: (err) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('list.delete.failed'),
              message: errorMessage(err),
            }),
        }),
    });
  };

  return (
    <Stack gap="md">
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {logs.map((log) => (
          <li key={log.id}>
            <WorkoutLogCard
              log={log}
              weightUnit={weightUnit}
              deleting={remove.isPending && remove.variables === log.id}
              onDelete={confirmDelete}
            />
          </li>
        ))}
      </Stack>
      {isFetchingNextPage && <WorkoutLogListSkeleton count={1} />}
      {isFetchNextPageError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
            size="md"
          >
            {isFetchNextPageError ? t('list.tryAgain') : t('list.loadMore')}
          </Button>
        </Group>
      ) : (
        logs.length > 3 && (
          <Text ta="center" size="sm" c="dimmed">
            {t('list.end')}
          </Text>
        )
      )}
    </Stack>
  );
}
