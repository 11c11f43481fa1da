import { Alert, Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import type { SharedItem } from '@fitcoach/shared/feed';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useShared } from '../api/get-shared';
import { useSaveSharedCopy } from '../api/save-shared-copy';

interface Props {
  workoutHref: (id: number) => string;
  /** Where the new copy opens. */
  onSaved: (copy: WorkoutDetail) => void;
}

function SharedCard({ item, workoutHref, onSaved }: Props & { item: SharedItem }) {
  const { t } = useTranslation('feed');
  const format = useFormat();
  const save = useSaveSharedCopy();
  return (
    <Card withBorder padding="md" component="article" aria-label={item.workout.title}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={item.from.avatar_url} name={item.from.name} alt="" />
          <Text size="sm">
            {t('shared.by', { name: item.from.name, date: format.date(item.shared_at) })}
          </Text>
        </Group>
        <Stack gap={2}>
          <Text component={Link} to={workoutHref(item.workout.id)} fw={700} td="underline">
            {item.workout.title}
          </Text>
          <Group gap="xs">
            <Badge variant="light">
              {t('shared.exercises', { count: item.workout.exercise_count })}
            </Badge>
            <Badge variant="light" color="gray">
              {t('shared.minutes', { count: item.workout.estimated_minutes })}
            </Badge>
          </Group>
        </Stack>
        {save.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            leftSection={<IconCopy size={16} aria-hidden />}
            loading={save.isPending}
            onClick={() => save.mutate(item.id, { onSuccess: onSaved })}
          >
            {t('shared.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Workouts friends shared with the member, each with who shared it and "Save a copy". */
export function SharedList(props: Props) {
  const { t } = useTranslation('feed');
  const shared = useShared();
  const items = shared.data?.pages.flatMap((p) => p.items) ?? [];
  if (shared.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={96} />
        <Skeleton height={96} />
      </Stack>
    );
  }
  if (shared.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('failed')}>
        {errorMessage(shared.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {items.length === 0 && <Text c="dimmed">{t('shared.empty')}</Text>}
      {items.map((item) => (
        <SharedCard key={item.id} item={item} {...props} />
      ))}
      {shared.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void shared.fetchNextPage()}
          loading={shared.isFetchingNextPage}
        >
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
