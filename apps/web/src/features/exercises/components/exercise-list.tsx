import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconFilterOff, IconListSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { CARD_GRID_COLS, PagedCardGrid } from '../../../components/paged-card-grid';
import { useExercises, type ExerciseFilters } from '../api/get-exercises';
import { ExerciseCard } from './exercise-card';
import { loadFailed } from '../../../lib/query-state';

function ExerciseListSkeleton() {
  const { t } = useTranslation('exercises');
  return (
    <SimpleGrid cols={CARD_GRID_COLS} spacing="md" role="status" aria-label={t('list.loading')}>
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

function noMatchTitle(
  t: TFunction<'exercises'>,
  filters: ExerciseFilters,
  tagName: string | null,
): string {
  if (tagName && filters.q) {
    return t('list.noMatchTagAndQuery', { tag: tagName, query: filters.q });
  }
  if (tagName) return t('list.noMatchTag', { tag: tagName });
  if (filters.q) return t('list.noMatchQuery', { query: filters.q });
  return t('list.noMatch');
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
  const { t } = useTranslation('exercises');
  const filtered = filters.tagId !== null || filters.q !== '';

  if (query.isPending) return <ExerciseListSkeleton />;

  if (loadFailed(query)) {
    return (
      <LoadErrorAlert
        title={t('list.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <PagedCardGrid
      query={query}
      items={items}
      noun={{ one: t('list.noun.one'), many: t('list.noun.many') }}
      updating={busy || query.isPlaceholderData}
      renderItem={(exercise) => (
        <ExerciseCard key={exercise.id} exercise={exercise} linkState={linkState} />
      )}
      empty={
        <EmptyState
          py="xl"
          variant="light"
          icon={filtered ? <IconFilterOff size={28} /> : <IconListSearch size={28} />}
        >
          <EmptyState.Title order={2}>
            {filtered ? noMatchTitle(t, filters, tagName) : t('list.libraryEmpty')}
          </EmptyState.Title>
          <EmptyState.Description>
            {filtered ? t('list.filteredHint') : t('list.emptyHint')}
          </EmptyState.Description>
          {filtered && (
            <EmptyState.Actions mt="xs">
              <Button onClick={onClearFilter} leftSection={<IconFilterOff size={16} />}>
                {t('list.clearFilter')}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      }
    />
  );
}
