import { Alert, Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import type {
  FeedMember,
  SharedDietItem,
  SharedItem,
  SharedProgramItem,
} from '@fitcoach/shared/feed';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useShared, useSharedDiets, useSharedPrograms } from '../api/get-shared';
import { useSaveSharedCopy } from '../api/save-shared-copy';

interface Props {
  workoutHref: (id: number) => string;
  /** Where the new copy opens. */
  onSaved: (copy: WorkoutDetail) => void;
}

function SharedCard({ item, workoutHref, onSaved }: Props & { item: SharedItem }) {
  const { t } = useTranslation('feed');
  const save = useSaveSharedCopy();
  return (
    <Card withBorder padding="md" component="article" aria-label={item.workout.title}>
      <Stack gap="sm">
        <SharedBy from={item.from} sharedAt={item.shared_at} />
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

/** Who shared it and when, above each card. */
function SharedBy({ from, sharedAt }: { from: FeedMember; sharedAt: string }) {
  const { t } = useTranslation('feed');
  const format = useFormat();
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={from.avatar_url} name={from.name} alt="" />
      <Text size="sm">{t('shared.by', { name: from.name, date: format.date(sharedAt) })}</Text>
    </Group>
  );
}

interface PagedShares<T> {
  data?: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** One kind of share as a list: loading, failure, empty text, cards and "Load more". */
function SharedSection<T extends { id: number }>({
  query,
  empty,
  card,
}: {
  query: PagedShares<T>;
  empty: string;
  card: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('feed');
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={96} />
        <Skeleton height={96} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('failed')}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {items.length === 0 && <Text c="dimmed">{empty}</Text>}
      {items.map(card)}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}

/** Workouts friends shared with the member, each with who shared it and "Save a copy". */
export function SharedList(props: Props) {
  const { t } = useTranslation('feed');
  const shared = useShared();
  return (
    <SharedSection
      query={shared}
      empty={t('shared.empty')}
      card={(item: SharedItem) => <SharedCard key={item.id} item={item} {...props} />}
    />
  );
}

/** Diets friends shared with the member; each opens read-only, where it can be copied. */
export function SharedDietsList({ dietHref }: { dietHref: (id: number) => string }) {
  const { t } = useTranslation('feed');
  const shared = useSharedDiets();
  return (
    <SharedSection
      query={shared}
      empty={t('shared.emptyDiets')}
      card={(item: SharedDietItem) => (
        <Card
          key={item.id}
          withBorder
          padding="md"
          component="article"
          aria-label={item.diet.title}
        >
          <Stack gap="sm">
            <SharedBy from={item.from} sharedAt={item.shared_at} />
            <Text component={Link} to={dietHref(item.diet.id)} fw={700} td="underline">
              {item.diet.title}
            </Text>
            <Group gap="xs">
              <Badge variant="light">{t('shared.kcal', { kcal: item.diet.kcal })}</Badge>
              <Badge variant="light" color="gray">
                {t(`options.mealPreference.${item.diet.meal_preference}`, { ns: 'common' })}
              </Badge>
            </Group>
          </Stack>
        </Card>
      )}
    />
  );
}

/** Programs friends shared with the member; each opens read-only, where it can be copied. */
export function SharedProgramsList({ programHref }: { programHref: (id: number) => string }) {
  const { t } = useTranslation('feed');
  const shared = useSharedPrograms();
  return (
    <SharedSection
      query={shared}
      empty={t('shared.emptyPrograms')}
      card={(item: SharedProgramItem) => (
        <Card
          key={item.id}
          withBorder
          padding="md"
          component="article"
          aria-label={item.program.title}
        >
          <Stack gap="sm">
            <SharedBy from={item.from} sharedAt={item.shared_at} />
            <Text component={Link} to={programHref(item.program.id)} fw={700} td="underline">
              {item.program.title}
            </Text>
            <Group gap="xs">
              <Badge variant="light">
                {t('shared.weeks', {
                  count: item.program.weeks,
                  sessions: item.program.sessions_per_week,
                })}
              </Badge>
              <Badge variant="light" color="gray">
                {t(`options.workoutGoal.${item.program.goal}`, { ns: 'common' })}
              </Badge>
            </Group>
          </Stack>
        </Card>
      )}
    />
  );
}
