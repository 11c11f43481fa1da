import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { WorkoutLog } from '@fitcoach/shared/workout-logs';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteWorkoutLog } from '../api/delete-workout-log';
import { useWorkoutLogs } from '../api/get-workout-logs';
import { withDayEntries, type DayEntry } from '../utils/day-entries';
import { formatLongDay } from '../utils/format-log';
import { WorkoutLogCard, type WorkoutLogCardProps } from './workout-log-card';

function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

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
  /** What another feature shows under each log (composed by the page in app/routes). */
  renderFooter?: (log: WorkoutLog) => ReactNode;
  /** Passed to each card (see WorkoutLogCard). */
  exerciseActions?: WorkoutLogCardProps['exerciseActions'];
  /** What other features show on their days among the logs (the member's games). */
  dayEntries?: readonly DayEntry[];
}

/** The member's logs, newest first, a page at a time; each can be deleted after a confirm. */
export function WorkoutLogList({
  weightUnit,
  renderFooter,
  exerciseActions,
  dayEntries = [],
}: WorkoutLogListProps) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } =
    useWorkoutLogs();
  const remove = useDeleteWorkoutLog();
  const { t } = useTranslation('workout-logs');
  const { locale } = useFormat();
  const logs = data.pages.flatMap((page) => page.items);
  // After a delete, where the focus goes once the card is gone: the next card (or the one
  // before it), else the page's heading; never the page's body, where the deleted button was.
  const focusAfterDelete = useRef<{ deletedId: number; nextId: number | null } | null>(null);

  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (!pending || logs.some((log) => log.id === pending.deletedId)) return;
    focusAfterDelete.current = null;
    const card = document.querySelector<HTMLElement>(`[data-log-id="${pending.nextId}"]`);
    const control = card?.querySelector<HTMLElement>('a[href], button:not([disabled])');
    if (control) control.focus();
    else focusPageHeading();
  }, [logs]);

  function neighbourOf(log: WorkoutLog): number | null {
    const index = logs.findIndex((l) => l.id === log.id);
    return (logs[index + 1] ?? logs[index - 1])?.id ?? null;
  }

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
      onConfirm: () => {
        focusAfterDelete.current = { deletedId: log.id, nextId: neighbourOf(log) };
        // The promise, not mutate's callbacks: deleting the last entry unmounts this list (the
        // empty state takes its place), and mutate's callbacks never run once it is gone.
        remove.mutateAsync(log.id).then(
          () => {
            if (focusAfterDelete.current?.nextId === null) {
              // No entry left to move to, and this list's effect will not run again.
              focusAfterDelete.current = null;
              requestAnimationFrame(focusPageHeading);
            }
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: t('list.delete.done'),
              message: t('list.delete.doneMessage', { title: log.title }),
            });
          },
          (err: unknown) => {
            focusAfterDelete.current = null;
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('list.delete.failed'),
              message: errorMessage(err),
            });
          },
        );
      },
    });
  };

  return (
    <Stack gap="md">
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {withDayEntries(logs, dayEntries, !hasNextPage).map((row) =>
          row.kind === 'entry' ? (
            <li key={row.entry.key}>{row.entry.node}</li>
          ) : (
            <li key={row.log.id} data-log-id={row.log.id} id={`log-${row.log.id}`}>
              <WorkoutLogCard
                log={row.log}
                weightUnit={weightUnit}
                deleting={remove.isPending && remove.variables === row.log.id}
                onDelete={confirmDelete}
                footer={renderFooter?.(row.log)}
                exerciseActions={exerciseActions}
              />
            </li>
          ),
        )}
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
