import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconBarbell } from '@tabler/icons-react';
import type { WorkoutDetail, WorkoutSummary } from '@fitcoach/shared/workouts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../../components/enhanced-select/enhanced-select';
import { useFormat } from '../../../../i18n/format';
import { searchMyWorkouts } from '../../api/get-my-workouts';
import { workoutKeys } from '../../api/keys';

// Two workouts may share a title; when each last changed tells them apart.
const CHANGED_ON: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

type WorkoutOption = Pick<
  WorkoutSummary,
  'id' | 'title' | 'goal' | 'exercise_count' | 'is_public' | 'updated_at'
>;

const queryKey = workoutKeys.mineSearch();

export interface WorkoutSelectorProps {
  value: number | null;
  /** The workout being edited, so it shows by name (as saved last) once it has loaded. */
  current?: WorkoutDetail;
  onChange: (id: number) => void;
}

/** The enhanced select box over the member's own workouts: searched on the server, paged. */
export function WorkoutSelector({ value, current, onChange }: WorkoutSelectorProps) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  // The workout just picked shows by name while it loads.
  const [picked, setPicked] = useState<WorkoutOption | null>(null);

  const chosen = useMemo<WorkoutOption[]>(() => {
    if (value === null) return [];
    if (current?.id === value) return [current];
    if (picked?.id === value) return [picked];
    return [];
  }, [value, current, picked]);

  return (
    <EnhancedSelect<WorkoutOption>
      label={t('selector.label')}
      placeholder={t('selector.search')}
      queryKey={queryKey}
      fetcher={searchMyWorkouts}
      getValue={(w) => String(w.id)}
      getLabel={(w) => w.title}
      value={chosen}
      onChange={([w]) => {
        // Clearing the box changes nothing: a workout stays open until another is picked.
        if (!w) return;
        setPicked(w);
        if (w.id !== value) onChange(w.id);
      }}
      clearable={false}
      leftSection={<IconBarbell size={16} aria-hidden />}
      renderOption={(w) => (
        <Stack gap={0} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" truncate>
              {w.title}
            </Text>
            {w.is_public && (
              <Badge size="xs" variant="light" color="teal">
                {t('selector.public')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('selector.meta', {
              goal: t(`goals.${w.goal}`),
              exercises: t('count.exercises', { count: w.exercise_count }),
              date: format.date(new Date(w.updated_at), CHANGED_ON),
            })}
          </Text>
        </Stack>
      )}
    />
  );
}
