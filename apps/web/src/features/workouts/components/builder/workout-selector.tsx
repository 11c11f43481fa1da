import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconBarbell } from '@tabler/icons-react';
import type { WorkoutDetail, WorkoutSummary } from '@fitcoach/shared/workouts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import { errorMessage } from '../../../../lib/form-errors';
import { useMyWorkouts } from '../../api/get-my-workouts';

// Two workouts may share a title; when each last changed tells them apart.
const CHANGED_ON: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

export interface WorkoutSelectorProps {
  value: number | null;
  /** The workout being edited, so it shows by name even when it is not in the list. */
  current?: WorkoutDetail;
  onChange: (id: number) => void;
}

/** A searchable list of the member's own workouts (100 at a time, more on request). */
export function WorkoutSelector({ value, current, onChange }: WorkoutSelectorProps) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  const mine = useMyWorkouts();

  const { data, byId } = useMemo(() => {
    const items: Pick<
      WorkoutSummary,
      'id' | 'title' | 'goal' | 'exercise_count' | 'is_public' | 'updated_at'
    >[] = mine.data?.pages.flatMap((page) => page.items) ?? [];
    if (current && !items.some((w) => w.id === current.id)) items.unshift(current);
    return {
      data: items.map((w) => ({ value: String(w.id), label: w.title })),
      byId: new Map(items.map((w) => [String(w.id), w])),
    };
  }, [mine.data, current]);

  const loaded = mine.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;

  return (
    <Stack gap={4}>
      <Select
        label={t('selector.label')}
        placeholder={mine.isPending ? t('selector.loading') : t('selector.search')}
        searchable
        nothingFoundMessage={t('noResults')}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(id) => {
          if (id !== null) onChange(Number(id));
        }}
        allowDeselect={false}
        leftSection={<IconBarbell size={16} aria-hidden />}
        maxDropdownHeight={360}
        error={mine.isError ? errorMessage(mine.error) : undefined}
        renderOption={({ option }) => {
          const w = byId.get(option.value);
          return (
            <Stack gap={0} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" truncate>
                  {option.label}
                </Text>
                {w?.is_public && (
                  <Badge size="xs" variant="light" color="teal">
                    {t('selector.public')}
                  </Badge>
                )}
              </Group>
              {w && (
                <Text size="xs" c="dimmed">
                  {t('selector.meta', {
                    goal: t(`goals.${w.goal}`),
                    exercises: t('count.exercises', { count: w.exercise_count }),
                    date: format.date(new Date(w.updated_at), CHANGED_ON),
                  })}
                </Text>
              )}
            </Stack>
          );
        }}
      />
      {mine.hasNextPage && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('selector.showing', { count: loaded })}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            loading={mine.isFetchingNextPage}
            onClick={() => void mine.fetchNextPage()}
          >
            {t('selector.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
