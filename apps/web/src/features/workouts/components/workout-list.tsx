import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import {
  IconBooks,
  IconFilterOff,
  IconPencilPlus,
  IconShare,
  IconBarbell,
} from '@tabler/icons-react';
import type { WorkoutScope } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { CARD_GRID_COLS, PagedCardGrid } from '../../../components/paged-card-grid';
import { useWorkouts, type WorkoutFilters } from '../api/get-workouts';
import type { WorkoutsT } from '../lib/workouts-t';
import { WorkoutCard } from './workout-card';

export function isWorkoutFilterActive(filters: WorkoutFilters): boolean {
  return filters.tagId !== null || filters.q !== '' || filters.goal !== null;
}

/** "No library workout tagged “Boxing” with the goal “Boxing” matches “jab”", as applies. */
export function noMatchTitle(
  t: WorkoutsT,
  filters: WorkoutFilters,
  tagName: string | null,
): string {
  const parts = [t(`list.noMatch.subject.${filters.scope}`)];
  if (tagName) parts.push(t('list.noMatch.tagged', { tag: tagName }));
  if (filters.goal) parts.push(t('list.noMatch.withGoal', { goal: t(`goals.${filters.goal}`) }));
  parts.push(
    filters.q ? t('list.noMatch.matchesQuery', { q: filters.q }) : t('list.noMatch.matches'),
  );
  return parts.join(' ');
}

interface EmptyCopy {
  icon: ReactNode;
  title: string;
  description: string;
}

/** What an empty, unfiltered scope tells the member, and what to do about it. */
const emptyScopeIcons: Record<WorkoutScope, ReactNode> = {
  all: <IconBarbell size={28} />,
  library: <IconBooks size={28} />,
  mine: <IconPencilPlus size={28} />,
  shared: <IconShare size={28} />,
};

export function emptyScopeCopy(t: WorkoutsT, scope: WorkoutScope): EmptyCopy {
  return {
    icon: emptyScopeIcons[scope],
    title: t(`list.empty.${scope}.title`),
    description: t(`list.empty.${scope}.description`),
  };
}

function WorkoutListSkeleton() {
  const { t } = useTranslation('workouts');
  return (
    <SimpleGrid cols={CARD_GRID_COLS} spacing="md" role="status" aria-label={t('list.loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} withBorder padding="md">
          <Stack gap="sm">
            <Skeleton height={20} width="70%" />
            <Group gap={6}>
              <Skeleton height={20} width={70} radius="xl" />
              <Skeleton height={20} width={90} radius="xl" />
            </Group>
            <Skeleton height={12} />
            <Skeleton height={12} width="85%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export interface WorkoutListProps {
  filters: WorkoutFilters;
  /** The chosen tag's name, for the empty state. */
  tagName: string | null;
  /** The signed-in member, whose own workouts read "By you". */
  viewerId: number | null;
  /** A filter is being applied: the results on screen are about to change. */
  busy: boolean;
  onClearFilter: () => void;
  onShowScope: (scope: WorkoutScope) => void;
}

/** The workouts of a scope: cards, a page at a time, with loading, empty and error states. */
export function WorkoutList({
  filters,
  tagName,
  viewerId,
  busy,
  onClearFilter,
  onShowScope,
}: WorkoutListProps) {
  const { t } = useTranslation('workouts');
  const query = useWorkouts(filters);
  const filtered = isWorkoutFilterActive(filters);

  if (query.isPending) return <WorkoutListSkeleton />;

  if (query.isError && !query.data) {
    return (
      <LoadErrorAlert
        title={t('list.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  const newWorkout = (
    <Button
      component={Link}
      to={paths.builder.href({ action: 'create' })}
      leftSection={<IconPencilPlus size={16} />}
    >
      {t('list.newWorkout')}
    </Button>
  );
  const browseLibrary = (primary: boolean) => (
    <Button
      variant={primary ? 'filled' : 'default'}
      leftSection={<IconBooks size={16} />}
      onClick={() => onShowScope('library')}
    >
      {t('list.browseLibrary')}
    </Button>
  );

  function renderEmpty() {
    if (filtered) {
      return (
        <EmptyState py="xl" variant="light" icon={<IconFilterOff size={28} />}>
          <EmptyState.Title order={2}>{noMatchTitle(t, filters, tagName)}</EmptyState.Title>
          <EmptyState.Description>{t('list.noMatch.hint')}</EmptyState.Description>
          <EmptyState.Actions mt="xs">
            <Button onClick={onClearFilter} leftSection={<IconFilterOff size={16} />}>
              {t('list.noMatch.clear')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    }
    const copy = emptyScopeCopy(t, filters.scope);
    return (
      <EmptyState py="xl" variant="light" icon={copy.icon}>
        <EmptyState.Title order={2}>{copy.title}</EmptyState.Title>
        <EmptyState.Description maw={460}>{copy.description}</EmptyState.Description>
        <EmptyState.Actions mt="xs" style={{ justifyContent: 'center' }}>
          {filters.scope === 'shared' ? (
            browseLibrary(true)
          ) : filters.scope === 'library' ? null : (
            <>
              {newWorkout}
              {filters.scope === 'mine' && browseLibrary(false)}
            </>
          )}
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <PagedCardGrid
      query={query}
      items={items}
      noun={{ one: t('list.noun.one'), many: t('list.noun.many') }}
      updating={busy || query.isPlaceholderData}
      renderItem={(workout) => (
        <WorkoutCard key={workout.id} workout={workout} viewerId={viewerId} />
      )}
      empty={renderEmpty()}
    />
  );
}
