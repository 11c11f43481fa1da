import {
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconAlertCircle,
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
import { errorMessage } from '../../../lib/form-errors';
import { useWorkouts, type WorkoutFilters } from '../api/get-workouts';
import { WorkoutCard } from './workout-card';

const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

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
    <SimpleGrid cols={GRID_COLS} spacing="md" role="status" aria-label="Loading workouts">
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
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="The workouts did not load">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  const updating = busy || query.isPlaceholderData;
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
    <Box
      aria-busy={updating}
      style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 120ms ease' }}
    >
      {items.length === 0 ? (
        renderEmpty()
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.hasNextPage
              ? `Showing the first ${items.length} workouts`
              : `${items.length} ${items.length === 1 ? 'workout' : 'workouts'}`}
          </Text>
          <SimpleGrid cols={GRID_COLS} spacing="md">
            {items.map((workout) => (
              <WorkoutCard key={workout.id} workout={workout} viewerId={viewerId} />
            ))}
          </SimpleGrid>
          {query.isFetchNextPageError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {errorMessage(query.error)}
            </Alert>
          )}
          {query.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                disabled={updating}
                w={{ base: '100%', sm: 'auto' }}
              >
                Load more workouts
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Box>
  );
}
