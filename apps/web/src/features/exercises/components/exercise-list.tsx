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
import { IconAlertCircle, IconFilterOff, IconListSearch } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/form-errors';
import { useExercises, type ExerciseFilters } from '../api/get-exercises';
import { ExerciseCard } from './exercise-card';

const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

function ExerciseListSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" role="status" aria-label="Loading exercises">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} withBorder padding="md">
          <Stack gap="xs">
            <Group justify="space-between">
              <Skeleton height={18} width="55%" />
              <Skeleton height={18} width={64} radius="xl" />
            </Group>
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
            <Group gap={6}>
              <Skeleton height={18} width={70} radius="xl" />
              <Skeleton height={18} width={90} radius="xl" />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function noMatchTitle(filters: ExerciseFilters, tagName: string | null): string {
  if (tagName && filters.q) return `No exercise tagged “${tagName}” matches “${filters.q}”`;
  if (tagName) return `No exercise is tagged “${tagName}” yet`;
  if (filters.q) return `No exercise matches “${filters.q}”`;
  return 'No exercises match';
}

export interface ExerciseListProps {
  filters: ExerciseFilters;
  /** The chosen tag's name, for the empty state. */
  tagName: string | null;
  /** A filter is being applied: the results on screen are about to change. */
  busy: boolean;
  onClearFilter: () => void;
  /** Handed to every card's link (the way back to this list, filters and all). */
  linkState?: unknown;
}

/** The library's results: cards, a page at a time, with loading, empty and error states. */
export function ExerciseList({
  filters,
  tagName,
  busy,
  onClearFilter,
  linkState,
}: ExerciseListProps) {
  const query = useExercises(filters);
  const filtered = filters.tagId !== null || filters.q !== '';

  if (query.isPending) return <ExerciseListSkeleton />;

  if (query.isError && !query.data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="The exercises did not load">
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

  return (
    <Box
      aria-busy={updating}
      style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 120ms ease' }}
    >
      {items.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          icon={filtered ? <IconFilterOff size={28} /> : <IconListSearch size={28} />}
        >
          <EmptyState.Title order={2}>
            {filtered ? noMatchTitle(filters, tagName) : 'The library is empty'}
          </EmptyState.Title>
          <EmptyState.Description>
            {filtered
              ? 'Try another tag or fewer words, or clear the filter to see every exercise.'
              : 'Exercises appear here once FitCoach’s library is loaded. Check back soon.'}
          </EmptyState.Description>
          {filtered && (
            <EmptyState.Actions mt="xs">
              <Button onClick={onClearFilter} leftSection={<IconFilterOff size={16} />}>
                Clear filter
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.hasNextPage
              ? `Showing the first ${items.length} exercises`
              : `${items.length} ${items.length === 1 ? 'exercise' : 'exercises'}`}
          </Text>
          <SimpleGrid cols={GRID_COLS} spacing="md">
            {items.map((exercise) => (
              <ExerciseCard key={exercise.id} exercise={exercise} linkState={linkState} />
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
                Load more exercises
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Box>
  );
}
