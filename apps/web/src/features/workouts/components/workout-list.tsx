import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import {
  IconBooks,
  IconFilterOff,
  IconPencilPlus,
  IconShare,
  IconBarbell,
} from '@tabler/icons-react';
import { workoutGoalLabels } from '@fitcoach/shared/profile';
import type { WorkoutScope } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { CARD_GRID_COLS, PagedCardGrid } from '../../../components/paged-card-grid';
import { useWorkouts, type WorkoutFilters } from '../api/get-workouts';
import { WorkoutCard } from './workout-card';

export function isWorkoutFilterActive(filters: WorkoutFilters): boolean {
  return filters.tagId !== null || filters.q !== '' || filters.goal !== null;
}

const noMatchSubject: Record<WorkoutScope, string> = {
  all: 'No workout',
  library: 'No library workout',
  mine: 'None of your workouts',
  shared: 'No shared workout',
};

/** "No library workout tagged “Boxing” with the goal “Boxing” matches “jab”", as applies. */
export function noMatchTitle(filters: WorkoutFilters, tagName: string | null): string {
  const parts = [noMatchSubject[filters.scope]];
  if (tagName) parts.push(`tagged “${tagName}”`);
  if (filters.goal) parts.push(`with the goal “${workoutGoalLabels[filters.goal]}”`);
  parts.push(filters.q ? `matches “${filters.q}”` : 'matches');
  return parts.join(' ');
}

interface EmptyCopy {
  icon: ReactNode;
  title: string;
  description: string;
}

/** What an empty, unfiltered scope tells the member, and what to do about it. */
export function emptyScopeCopy(scope: WorkoutScope): EmptyCopy {
  switch (scope) {
    case 'all':
      return {
        icon: <IconBarbell size={28} />,
        title: 'No workouts yet',
        description: 'Write your own workout from the exercise library to get started.',
      };
    case 'library':
      return {
        icon: <IconBooks size={28} />,
        title: 'The library is empty for now',
        description: 'FitCoach’s workouts appear here once they are published.',
      };
    case 'mine':
      return {
        icon: <IconPencilPlus size={28} />,
        title: 'You have not written a workout yet',
        description:
          'Pick exercises from the library, set your sets, reps and rest, and it is yours to log. Or copy one from the library and make it your own.',
      };
    case 'shared':
      return {
        icon: <IconShare size={28} />,
        title: 'Nothing shared with you yet',
        description:
          'When a friend shares a workout with you, it shows up here. Meanwhile, the library has plenty to try.',
      };
  }
}

function WorkoutListSkeleton() {
  return (
    <SimpleGrid cols={CARD_GRID_COLS} spacing="md" role="status" aria-label="Loading workouts">
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
  const query = useWorkouts(filters);
  const filtered = isWorkoutFilterActive(filters);

  if (query.isPending) return <WorkoutListSkeleton />;

  if (query.isError && !query.data) {
    return (
      <LoadErrorAlert
        title="The workouts did not load"
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
      New workout
    </Button>
  );
  const browseLibrary = (primary: boolean) => (
    <Button
      variant={primary ? 'filled' : 'default'}
      leftSection={<IconBooks size={16} />}
      onClick={() => onShowScope('library')}
    >
      Browse the library
    </Button>
  );

  function renderEmpty() {
    if (filtered) {
      return (
        <EmptyState py="xl" variant="light" icon={<IconFilterOff size={28} />}>
          <EmptyState.Title order={2}>{noMatchTitle(filters, tagName)}</EmptyState.Title>
          <EmptyState.Description>
            Try another tag, goal or fewer words, or clear the filter to see them all.
          </EmptyState.Description>
          <EmptyState.Actions mt="xs">
            <Button onClick={onClearFilter} leftSection={<IconFilterOff size={16} />}>
              Clear filter
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    }
    const copy = emptyScopeCopy(filters.scope);
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
      noun={{ one: 'workout', many: 'workouts' }}
      updating={busy || query.isPlaceholderData}
      renderItem={(workout) => (
        <WorkoutCard key={workout.id} workout={workout} viewerId={viewerId} />
      )}
      empty={renderEmpty()}
    />
  );
}
